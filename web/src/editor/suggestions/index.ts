export { isSuggesting, setSuggesting, SuggestionMode, SUGGESTION_TRACKING_EXTENSION, suggestionExtensions, suggestionModePlugin, suggestionModeKey, SUGGESTION_BYPASS, type SuggestionModeOptions, type SuggestionUser } from "./SuggestionMode";
export { acceptedDocText, proposedDocText } from "./accepted";
