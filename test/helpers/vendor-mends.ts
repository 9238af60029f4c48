// Where the vendor's description is wrong, it is mended in promo-sandbox/contract (its
// contract/vendor-mends.ts), and nowhere else: the names promo's tests used, from there.
export { type Json, mendFullDescription, visitSchemas } from 'promo-sandbox/contract';
