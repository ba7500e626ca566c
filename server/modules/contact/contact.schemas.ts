import { z } from "zod";

/** The hidden field people never see: anything in it marks the post as a robot's (honeypot). */
export const HONEYPOT_FIELD = "homepage";

const text = (label: string, max: number, required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must have at most ${max} characters`);

/** A message from the storefront's contact form (POST /api/contact and the /contact-us page). */
export const StoreContactBody = z
  .strictObject({
    name: text("Your name", 120, "Please enter your name"),
    email: z
      .string({ message: "Please enter your email address" })
      .trim()
      .min(1, "Please enter your email address")
      .max(254, "The email address must have at most 254 characters")
      .refine(
        (value) => value === "" || z.email().safeParse(value).success,
        "Please enter a valid email address",
      ),
    subject: z
      .string({ message: "The subject must be text" })
      .trim()
      .max(150, "The subject must have at most 150 characters")
      .default(""),
    message: z
      .string({ message: "Please write your message" })
      .trim()
      .min(10, "Please write a message of at least 10 characters")
      .max(5000, "The message must have at most 5000 characters"),
    [HONEYPOT_FIELD]: z
      .string()
      .max(500)
      .default("")
      .describe("Leave empty: a field hidden from people, filled in only by robots"),
  })
  .describe("A message to the school");
export type StoreContactBody = z.output<typeof StoreContactBody>;

/** What the sender is told, whether the message went out or a robot filled in the hidden field. */
export const CONTACT_SENT_ANSWER = "Thank you! Your message has been sent; the school will reply by email.";

export const ContactAnswer = z.object({ message: z.string() }).meta({ id: "ContactAnswer" });
