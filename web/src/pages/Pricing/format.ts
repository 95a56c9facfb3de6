import { UNLIMITED } from "@clausewise/shared";

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Spec §9: amounts are stored in cents and shown in CAD in the en-CA format. */
export const formatCents = (cents: number) => cad.format(cents / 100);

/** Spec §9: dates as 'MMM d, yyyy'. Unix seconds in, as GET /api/subscription answers them. */
export const formatUnixDay = (seconds: number | null) => (seconds === null ? "—" : day.format(new Date(seconds * 1000)));

export const formatLimit = (limit: number) => (limit === UNLIMITED ? "Unlimited" : String(limit));
