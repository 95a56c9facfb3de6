import type { ContractStatus } from "@clausewise/shared";

/** Query keys in one place so invalidations cannot miss. */
export const currentUserKey = ["auth", "user"] as const;
export const authConfigKey = ["auth", "config"] as const;
export const verificationStatusKey = ["auth", "verification-status"] as const;
export const contractsKey = ["contracts"] as const;
export const contractListKey = (filters: { search?: string; status?: ContractStatus }) =>
  [...contractsKey, "list", filters] as const;
export const contractKey = (id: string) => [...contractsKey, "detail", id] as const;
export const unreadCountKey = ["notifications", "unread-count"] as const;
