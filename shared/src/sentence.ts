/**
 * Ends a sentence with a full stop unless it already ends with one, so a sentence that ends with a
 * name ending in a full stop ("You joined Demo EPC Ltd.") does not get two.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]["'”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The full stop endSentence would add after `text`, or nothing: for a name shown in bold at a sentence's end. */
export function fullStopAfter(text: string): string {
  return endSentence(text).slice(text.trimEnd().length);
}
