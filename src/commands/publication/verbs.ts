import { defineVerbs } from '../../toolkit/define.js';
import create from './create.js';
import list from './list.js';

export default defineVerbs({
  examples: [
    'promo publication create --campaign Welcome --customer alice@example.com --join-once',
    'promo publication list --campaign Welcome --all -o ndjson',
  ],
  commands: [create, list],
});
