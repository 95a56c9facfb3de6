import type { ContractStatus } from "@clausewise/shared";

/** Query keys in one place so invalidations cannot miss. */
export const currentUserKey = ["auth", "user"] as const;
export const authConfigKey = ["auth", "config"] as const;
export const verificationStatusKey = ["auth", "verification-status"] as const;
export const contractsKey = ["contracts"] as const;
export const contractListKey = (filters: { search?: string; status?: ContractStatus }) =>
  [...contractsKey, "list", filters] as const;
/** One page of the dashboard's contract table (GET /api/contracts?limit=&cursor=&sort=). */
export const contractPageKey = (params: Record<string, string | undefined>) => [...contractsKey, "page", params] as const;
/** Under contractsKey: whatever refreshes contract lists refreshes "My work" too. */
export const dashboardOverviewKey = [...contractsKey, "overview"] as const;
export const contractKey = (id: string) => [...contractsKey, "detail", id] as const;
export const unreadCountKey = ["notifications", "unread-count"] as const;
