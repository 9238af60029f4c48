// Validate: `POST /v1/validations`. Whether each code applies to the order, and the order's totals
// if they all do. It changes nothing: a customer it names that the sandbox does not know is shown,
// not stored (a redemption stores it).

import { resolveCustomer } from './customers.js';
import { nodeCrypto } from './node-builtin.js';
import { orderView } from './order-view.js';
import { evaluate } from './redeem-evaluate.js';
import { readRedeemRequest } from './redeem-request.js';
import { leftOutRedeemables, redeemableView, STACKING_RULES, trackingId } from './redeemable-view.js';
import type { Route } from './types.js';

export const hashSourceId = (text: string) =>
  nodeCrypto().createHash('sha256').update(text).digest('base64').slice(0, 24);

export const validateRoute: Route = {
  method: 'POST',
  pattern: '/v1/validations',
  auth: 'app-or-bearer',
  scopes: ['validations'],
  readOnly: true,
  handle(req, state, rc) {
    const request = readRedeemRequest(req.body);
    const customer = resolveCustomer(state, request.customer, rc, false);
    const customerId = (customer?.id as string | undefined) ?? null;
    const evaluation = evaluate(state, request, rc.now());
    const views = evaluation.outcomes.map((outcome) =>
      redeemableView(outcome, request, customerId, req.requestId),
    );
    return {
      status: 200,
      body: {
        id: rc.newId('valid_', 18),
        valid: evaluation.valid,
        redeemables: views,
        ...leftOutRedeemables(views),
        order: orderView(request.order, evaluation.order, customerId),
        tracking_id:
          request.tracking_id ?? trackingId(customer?.source_id as string | undefined, hashSourceId),
        stacking_rules: STACKING_RULES,
      },
    };
  },
};

export const validationRoutes: Route[] = [validateRoute];
