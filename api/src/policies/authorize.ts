import { forbidden } from "../http/errors";

/**
 * Route handlers call this with one ability after loading the row:
 * `authorize(contractAbilities(user, contract, grant).approve, "Only approvers can approve contracts.")`.
 * A row of another company never reaches here: its loader already answered 404.
 */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
