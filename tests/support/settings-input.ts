/**
 * A settings group as read (`GET /api/admin/settings/{group}`), made fit to write back: the store
 * group's read-only facts about its secrets (whether each is set, its last four characters) are
 * left out, as the PUT refuses fields it does not take.
 */
export function writableSettings(read: Record<string, unknown>): Record<string, unknown> {
  const {
    stripeSecretKeySet: _s,
    stripeWebhookSecretSet: _w,
    stripeSecretKeyLast4: _s4,
    stripeWebhookSecretLast4: _w4,
    ...input
  } = read;
  return input;
}
