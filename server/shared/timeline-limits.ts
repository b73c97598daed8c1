/**
 * Limits and messages of comments and historical logs, as plain values (no zod) so the
 * browser bundle can import them without the contract library.
 */

/** "A comment is at most 500 characters" (002 §5): counted on the text as shown, mentions as '@Name'. */
export const COMMENT_MAX_LENGTH = 500
/** "Timeline comments: page size 20" (002 §9). */
export const COMMENT_PAGE_SIZE = 20
/** "Tagged comments: 3 per page" (001 §9). */
export const TAGGED_PAGE_SIZE = 3
/** "missing text 'Comment field is required'" (002 §5, §8). */
export const COMMENT_REQUIRED = 'Comment field is required'
/** Not in the spec (typing beyond 500 is blocked); what the server answers to a longer one. */
export const COMMENT_TOO_LONG = `Comment can be at most ${COMMENT_MAX_LENGTH} characters`
/** The Historical Logs modal's page (the spec shows no paging; 100 newest, then older pages). */
export const HISTORICAL_LOGS_PAGE = 100
