// Names the service knows, apart from the calls that use them, so that option help and completion
// can list them without loading those: the methods a raw request may use (the scopes it grants are
// a fact the sandbox shares: facts/scopes.ts).

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
