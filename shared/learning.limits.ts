/** Limits shared by the API schemas and the review form (no other imports: safe for the browser bundle). */
export const REVIEW_BODY_MAX = 2000;
