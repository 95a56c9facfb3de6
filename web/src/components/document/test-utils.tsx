import type { DocumentChange, Markup } from "@clausewise/shared";


export function makeChange(overrides: Partial<DocumentChange> = {}): DocumentChange {
  return {
    id: "ch-1",
    contractId: "c-1",
    changeType: "replace",
    originalText: "twenty-eight (28) days",
    newText: "twenty-one (21) days",
    position: '{"start":10,"end":32}',
    reviewerComment: null,
    status: "pending",
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    userId: "u-1",
    authorName: "Daniel Okafor",
    decidedAt: null,
    decidedBy: null,
    decider: null,
    decisionComment: null,
    suggestionId: null,
    ...overrides,
  } as DocumentChange;
}

export function makeMarkup(overrides: Partial<Markup> = {}): Markup {
  return {
    id: "m-1",
    type: "comment",
    content: "Check the payment window.",
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    position: { paragraph: 0 },
    userId: "u-1",
    authorName: "Daniel Okafor",
    ...overrides,
  };
}
