const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Spec §9: amounts are stored in cents and shown in CAD in the en-CA format. */
export const formatCents = (cents: number) => cad.format(cents / 100);

/** Spec §9: dates as 'MMM d, yyyy'. */
export const formatDay = (iso: string | null) => (iso ? day.format(new Date(iso)) : "—");

/** "account_suspended" → "Account suspended". */
export function eventLabel(eventType: string): string {
  const words = eventType.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
