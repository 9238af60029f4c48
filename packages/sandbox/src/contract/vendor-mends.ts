// Where the vendor's description is wrong, it is mended here and nowhere else: each mend says what
// the file claims, what the service does, and how we know. promo sends what the service accepts;
// the description is bent to the service, never promo to the description.

// biome-ignore lint/suspicious/noExplicitAny: the vendor's document is arbitrary JSON
export type Json = Record<string, any>;

/** Mends openapi-full.json (the vendor's whole description) in place, before anything compiles it. */
export function mendFullDescription(document: Json): void {
  const schemas = document.components.schemas as Record<string, Json>;
  mendSecurity(document);

  // 1. `oneOf` where the vendor means `anyOf`. The file's unions tell their branches apart by
  // fields every branch leaves optional, so a value the service accepts (or answers) often fits two:
  // a create body with `code` fits the code and the code-config branch; a UNIT discount fits both
  // unit branches (one product, several); a queued import's `result` fits two result types. Read strictly, every
  // voucher body and answer of the contract suite fails. The vendor's reference notes it ("treat the
  // branches as anyOf"); every oneOf of the file is read so.
  visitSchemas(document, (schema) => {
    if (!Array.isArray(schema.oneOf)) return;
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  });

  // 2. A property that is only a $ref or a union admits null. The vendor's generator marks every
  // plain property `nullable`, but OpenAPI 3.0 ignores `nullable` beside a $ref, and it writes none
  // on a bare oneOf; its own examples answer null there (`validity_timeframe: null`, an async
  // action's `result: null` while it is queued), and so does the service.
  visitSchemas(document.components, (schema) => {
    const properties = schema.properties as Record<string, Json> | undefined;
    if (typeof properties !== 'object' || properties === null) return;
    for (const [name, property] of Object.entries(properties)) {
      if (typeof property !== 'object' || property === null || property.type !== undefined) continue;
      if (property.$ref || property.oneOf || property.anyOf || property.allOf) {
        properties[name] = { anyOf: [property, { type: 'null' }] };
      }
    }
  });

  // 3. The items of a campaign import inherit their voucher's type, discount and gift from the
  // campaign: the service takes `[{"code": "X"}]` (the vendor's own example for this operation),
  // but CampaignsImportVoucherItem is a union of the standalone import items, each requiring its
  // `discount`, `gift` or `loyalty_card`. Read it as VoucherImportBase (code, dates, metadata...).
  schemas.CampaignsImportVoucherItem = { $ref: '#/components/schemas/VoucherImportBase' };

  // 4. Campaign templates are listed under `campaign_templates`, and `data_ref` says so; the file
  // says `data` and requires a `campaign_template` it never describes (the vendor's reference notes
  // that real answers say campaign_templates).
  const templates = schemas.TemplatesCampaignsListResponseBody;
  if (templates?.properties?.data) {
    templates.properties.data_ref = { ...templates.properties.data_ref, enum: ['campaign_templates'] };
    templates.properties.campaign_templates = templates.properties.data;
    delete templates.properties.data;
    templates.required = ['object', 'data_ref', 'campaign_templates'];
  }

  // 5. The result of a voucher import types `failed` as one object, while the vendor's own
  // examples (and the service's answers) carry an array of them.
  for (const name of ['17_res_obj_get_async_action_result_vouchers_import']) {
    const result = schemas[name];
    if (!result?.properties?.failed) continue;
    const failed = result.properties.failed as Json;
    result.properties.failed = { type: 'array', nullable: true, items: { ...failed, nullable: false } };
  }

  // 7. A publication's answer names the channel the request gave (the vendor's own example for
  // POST /v1/publications answers `"channel": "myown"`, and the list's items take any text), while
  // the create answer's schema allows only `API`. Read it as any text.
  visitSchemas(schemas.PublicationsCreateBaseResponseBody, (schema) => {
    const channel = (schema.properties as Json | undefined)?.channel;
    if (channel?.enum) delete channel.enum;
  });

  // 8. The card a points transfer answers with types `active` as a string, while the vendor's own
  // example for POST /v1/loyalties/{campaignId}/members/{memberId}/transfers answers `"active": true`,
  // as every other voucher object does. Read it as a boolean.
  const moved = schemas.LoyaltiesMembersTransfersCreateResponseBody?.properties?.active as Json | undefined;
  if (moved?.type === 'string') moved.type = 'boolean';

  // 9. Adding rewards to a loyalty program takes an array of them and answers the array of their
  // assignments (the vendor's own example for POST /v1/loyalties/{campaignId}/rewards answers two),
  // while the answer's schema is one RewardAssignment object. Read it as an array of them.
  schemas.LoyaltiesRewardsCreateAssignmentResponseBody = {
    type: 'array',
    items: { $ref: '#/components/schemas/RewardAssignment' },
  };

  // 10. The reward of a redemption (RedemptionRewardResult) requires a property `reward` that it
  // never describes; the vendor's own example of redeeming a reward
  // (POST /v1/loyalties/members/{memberId}/redemption) answers a reward with no such field.
  const rewardResult = schemas.RedemptionRewardResult;
  if (Array.isArray(rewardResult?.required))
    rewardResult.required = rewardResult.required.filter((name: string) => name !== 'reward');
}

/**
 * Mends openapi-7ops.json (the seed's seven operations: OAuth and the v2 tiers) in place.
 *
 * 8. Introspecting a token that does not exist (or expired) answers `{"active": false}` alone: the
 * operation's own description says so, and so does the vendor's reference, while the schema makes
 * every field of an active token required. An inactive token is read as that one field.
 */
export function mendSevenOpsDescription(document: Json): void {
  const schemas = document.components.schemas as Record<string, Json>;
  const active = schemas.OAuthTokenIntrospectResponseBody;
  if (!active) return;
  schemas.OAuthTokenIntrospectResponseBody = {
    anyOf: [
      active,
      {
        type: 'object',
        required: ['active'],
        properties: { active: { type: 'boolean', enum: [false] } },
        additionalProperties: false,
      },
    ],
  };
}

/**
 * 6. Security: the file lists the app keys and OAuth in one requirement object, which in OpenAPI
 * means all of them at once. The service takes either the app key pair or a bearer token (the
 * vendor's guide; openapi-7ops.json writes it as two alternatives). Split each into alternatives.
 */
function mendSecurity(document: Json): void {
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const operation of Object.values(item)) {
      const security = (operation as Json)?.security as Json[] | undefined;
      if (!Array.isArray(security)) continue;
      (operation as Json).security = security.flatMap((requirement) => {
        const names = Object.keys(requirement);
        const keys = names.filter((name) => !name.includes('OAuth'));
        const oauth = names.filter((name) => name.includes('OAuth'));
        if (keys.length === 0 || oauth.length === 0) return [requirement];
        return [
          Object.fromEntries(keys.map((name) => [name, requirement[name]])),
          Object.fromEntries(oauth.map((name) => [name, requirement[name]])),
        ];
      });
    }
  }
}

/** Calls `visit` on every object of the document that may be a schema (any object, in fact). */
export function visitSchemas(node: unknown, visit: (schema: Json) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visitSchemas(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  visit(node as Json);
  for (const value of Object.values(node)) visitSchemas(value, visit);
}
