import { uuidv7 } from "../../lib/ids";
import { CardError, type ChargeRequest, type ChargeResult, type PaymentProvider } from "./provider";

/** The demo provider's test cards, as shown on the payment page. */
export const DEMO_CARDS = {
  succeeds: "4242424242424242",
  declines: "4000000000000002",
  /** Pays at checkout, then declines every later instalment (as Stripe's 4000 0000 0000 0341). */
  laterDeclines: "4000000000000341",
} as const;

const SAVED_PREFIX = "demo-card:";

export const DECLINED_MESSAGE = "Your card was declined.";
export const TEST_CARD_MESSAGE =
  "Use a test card number: 4242 4242 4242 4242 (payment succeeds), 4000 0000 0000 0002 (card is declined) or 4000 0000 0000 0341 (later instalments are declined).";

/** The last moment a card with this expiry can be used: the end of its month. */
function expiryEnd(month: number, year: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

/**
 * Offline payments for trying the shop: no money moves. 4242… succeeds, 4000…0002 is declined,
 * any other number is refused with a hint to use a test card.
 */
export function createDemoProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: "demo",
    publishableKey: null,

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const card = request.card;
      if (!card) throw new CardError("CARD_DETAILS_MISSING", "Enter your card details.");
      if (!(Object.values(DEMO_CARDS) as string[]).includes(card.number)) {
        throw new CardError("CARD_NOT_TEST", TEST_CARD_MESSAGE);
      }
      if (expiryEnd(card.expMonth, card.expYear) <= now()) {
        throw new CardError("CARD_EXPIRED", "Your card has expired. Check the expiry date.");
      }
      const reference = `demo_${uuidv7()}`;
      if (card.number === DEMO_CARDS.declines)
        return { status: "failed", reference, message: DECLINED_MESSAGE };
      return request.saveForLater
        ? { status: "succeeded", reference, savedPaymentMethod: `${SAVED_PREFIX}${card.number}` }
        : { status: "succeeded", reference };
    },

    async chargeSaved(request) {
      const reference = `demo_${uuidv7()}`;
      const number = request.savedPaymentMethod.startsWith(SAVED_PREFIX)
        ? request.savedPaymentMethod.slice(SAVED_PREFIX.length)
        : null;
      return number === DEMO_CARDS.succeeds
        ? { status: "succeeded", reference }
        : { status: "failed", reference, message: DECLINED_MESSAGE };
    },

    async refund() {
      // No money moved: the refund exists only as the payment's local record (status, details).
    },
  };
}
