// Balance changes of gift and loyalty cards (`POST /v1/vouchers/{code}/balance`) and their trail
// (`GET /v1/vouchers/{code}/transactions`). A change adds to (or, negative, removes from) the card's
// total and balance and leaves one transaction carrying the caller's `source_id` and `reason`: the
// service takes no idempotency key, so that `source_id` is how a caller learns whether a change
// whose answer was lost happened.
import { putTransaction, transactionsOfCard } from './card-transactions.js';
import { BALANCE_KEYS } from './facts/balances.js';
import { invalidQuery, readChoice, readLimit } from './list-params.js';
import { changePoints, programExpiry } from './loyalty-ledger.js';
import { type Route, type RouteContext, SandboxError, type SandboxState } from './types.js';
import { bodyObject, type Json } from './voucher-check.js';
import { findVoucher, replaceVoucher } from './voucher-store.js';

/**
 * The trail the service writes itself when a redemption spends a gift card's credits
 * (CREDITS_REDEMPTION, `credits` negative) or its rollback gives them back (CREDITS_REFUND): no
 * source, reason or source_id, the redemption or rollback named in its details. `voucher` is the
 * card as it is after the change.
 */
export function recordCreditsMoved(
  state: SandboxState,
  rc: RouteContext,
  voucher: Json,
  credits: number,
  related: { redemption: string } | { rollback: string },
): void {
  const gift = voucher.gift as Json | null | undefined;
  if (voucher.type !== 'GIFT_VOUCHER' || !gift || credits === 0) return;
  putTransaction(state, {
    id: rc.newId('vtx_', 18),
    source_id: null,
    voucher_id: voucher.id,
    campaign_id: voucher.campaign_id ?? null,
    source: null,
    reason: null,
    type: credits < 0 ? 'CREDITS_REDEMPTION' : 'CREDITS_REFUND',
    details: {
      balance: {
        type: 'gift_voucher',
        total: Number(gift.amount ?? 0),
        amount: credits,
        balance: Number(gift.balance ?? 0),
        object: 'balance',
        operation_type: 'AUTOMATIC',
        related_object: { type: 'voucher', id: voucher.id },
      },
      ...('redemption' in related
        ? { redemption: { id: related.redemption } }
        : { rollback: { id: related.rollback } }),
    },
    related_transaction_id: null,
    created_at: new Date(rc.now()).toISOString(),
  });
}

function readChange(body: unknown): { amount: number; source_id: string | null; reason: string | null } {
  const input = bodyObject(body);
  const { amount } = input;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0) {
    throw new SandboxError(
      400,
      'invalid_payload',
      'Invalid payload',
      'Property amount must be a non-zero integer',
    );
  }
  const text = (key: string) => {
    const value = input[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      throw new SandboxError(400, 'invalid_payload', 'Invalid payload', `Property ${key} must be a string`);
    }
    return value;
  };
  return { amount, source_id: text('source_id'), reason: text('reason') };
}

interface Card {
  kind: 'gift_voucher' | 'loyalty_card';
  total: number;
  balance: number;
}

function cardOf(voucher: Json, code: string): Card {
  const gift = voucher.gift as Json | null | undefined;
  if (voucher.type === 'GIFT_VOUCHER' && gift) {
    return { kind: 'gift_voucher', total: Number(gift.amount ?? 0), balance: Number(gift.balance ?? 0) };
  }
  const card = voucher.loyalty_card as Json | null | undefined;
  if (voucher.type === 'LOYALTY_CARD' && card) {
    if (!voucher.holder_id) {
      throw new SandboxError(
        400,
        BALANCE_KEYS.noHolder,
        'Missing holder',
        `Loyalty card ${code} has no holder`,
      );
    }
    return { kind: 'loyalty_card', total: Number(card.points ?? 0), balance: Number(card.balance ?? 0) };
  }
  throw new SandboxError(
    400,
    BALANCE_KEYS.notACard,
    'Invalid voucher type',
    `Voucher ${code} is neither a gift card nor a loyalty card: it has no balance`,
  );
}

function changedVoucher(voucher: Json, card: Card, amount: number): Json {
  const gift = voucher.gift as Json;
  return { ...voucher, gift: { ...gift, amount: card.total + amount, balance: card.balance + amount } };
}

export const updateBalance: Route = {
  method: 'POST',
  pattern: '/v1/vouchers/:code/balance',
  auth: 'app',
  handle(req, state, rc: RouteContext) {
    const { code, voucher } = findVoucher(state, req.params.code as string);
    const change = readChange(req.body);
    const card = cardOf(voucher, code);
    if (card.kind === 'loyalty_card') {
      // Points go through the ledger: buckets, expiry and the trail stay in step with the card.
      const made = changePoints(state, code, change.amount, {
        rc,
        reason: change.reason,
        sourceId: change.source_id,
        expiresAt: programExpiry(state, voucher, rc.now()),
      });
      const { points, ...balance } = made.balance;
      return { status: 200, body: { amount: points, ...balance } };
    }
    if (card.balance + change.amount < 0) {
      throw new SandboxError(
        400,
        BALANCE_KEYS.giftExceeded,
        'Balance exceeded',
        `Cannot remove ${-change.amount} from voucher ${code}: its balance is ${card.balance}`,
      );
    }
    replaceVoucher(state, code, changedVoucher(voucher, card, change.amount), rc.now());
    const balance: Json = {
      amount: change.amount,
      total: card.total + change.amount,
      balance: card.balance + change.amount,
      type: card.kind,
      operation_type: 'MANUAL',
      object: 'balance',
      related_object: { type: 'voucher', id: voucher.id },
    };
    const id = rc.newId('vtx_', 18);
    const transaction: Json = {
      id,
      source_id: change.source_id,
      voucher_id: voucher.id,
      campaign_id: voucher.campaign_id ?? null,
      source: 'API',
      reason: change.reason,
      type: `CREDITS_${change.amount > 0 ? 'ADDITION' : 'REMOVAL'}`,
      details: { balance },
      related_transaction_id: null,
      created_at: new Date(rc.now()).toISOString(),
    };
    putTransaction(state, transaction);
    return { status: 200, body: balance };
  },
};

export const listTransactions: Route = {
  method: 'GET',
  pattern: '/v1/vouchers/:code/transactions',
  auth: 'app',
  readOnly: true,
  handle(req, state) {
    const { voucher } = findVoucher(state, req.params.code as string);
    const limit = readLimit(req.query) ?? 10;
    const order = readChoice(req.query, 'order', ['id', '-id'] as const) ?? '-id';
    let mine = transactionsOfCard(state, voucher.id as string);
    if (order === '-id') mine = mine.reverse();
    const after = req.query.get('starting_after_id');
    let start = 0;
    if (after !== null) {
      const at = mine.findIndex((t) => t.id === after);
      if (at === -1)
        throw invalidQuery('starting_after_id', `names no transaction of this voucher: '${after}'`);
      start = at + 1;
    }
    const data = mine.slice(start, start + limit);
    const hasMore = start + limit < mine.length;
    return {
      status: 200,
      body: {
        object: 'list',
        data_ref: 'data',
        data,
        has_more: hasMore,
        ...(hasMore ? { more_starting_after: data[data.length - 1]?.id } : {}),
      },
    };
  },
};

export const balanceRoutes: Route[] = [updateBalance, listTransactions];
