import { defineVerbs } from '../../toolkit/define.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import importCsv from './import.js';
import list from './list.js';
import update from './update.js';

export default defineVerbs({
  examples: [
    'promo product create --name Shoe --source-id shoe-1 --price 49.90 --attribute size',
    'promo product list --all -o csv > products.csv',
  ],
  commands: [create, get, list, update, remove, importCsv],
});
