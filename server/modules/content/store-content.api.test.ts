import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";

const ctx = adminTestContext();
const { call } = ctx;

describe("GET /api/faqs", () => {
  it("answers published questions in the requested language, English as fallback", async () => {
    await call("POST", "/api/admin/faqs", ctx.admin.token, {
      question: { en: "How do I pay?", nl: "Hoe betaal ik?" },
      answer: { en: "By card." },
    });
    await call("POST", "/api/admin/faqs", ctx.admin.token, {
      question: { en: "Is this hidden?" },
      answer: { en: "Yes." },
      published: false,
    });
    // A fresh install starts with the default questions (server/seed/default-faqs.ts); ours come after.
    type Item = { question: string; answer: string };
    const dutch = await call("GET", "/api/faqs?lng=nl");
    expect(dutch.status).toBe(200);
    const items = dutch.body.items as Item[];
    expect(items.at(-1)).toEqual(expect.objectContaining({ question: "Hoe betaal ik?", answer: "By card." }));
    expect(items.map((item) => item.question)).toContain("Kan ik mijn aankoop herroepen?");
    expect(items.map((item) => item.question)).not.toContain("Is this hidden?");
    const byHeader = await call("GET", "/api/faqs", undefined, undefined, { "accept-language": "nl" });
    expect((byHeader.body.items as Item[]).at(-1)!.question).toBe("Hoe betaal ik?");
    const english = await call("GET", "/api/faqs");
    expect((english.body.items as Item[]).at(-1)!.question).toBe("How do I pay?");
  });
});

describe("GET /api/pages/{slug}", () => {
  it("answers a published page in the requested language and 404s otherwise", async () => {
    expect((await call("GET", "/api/pages/about-us?lng=nl")).status).toBe(404);
    await call("PUT", "/api/admin/pages/about-us", ctx.admin.token, {
      title: { en: "About us", nl: "Over ons" },
      body: { en: "<p>We teach.</p>", nl: "<p>Wij geven les.</p>" },
    });
    const dutch = await call("GET", "/api/pages/about-us?lng=nl");
    expect(dutch.status).toBe(200);
    expect(dutch.body).toMatchObject({ title: "Over ons", html: "<p>Wij geven les.</p>" });
    expect((await call("GET", "/api/pages/about-us")).body.title).toBe("About us");
    const unknown = await call("GET", "/api/pages/blog?lng=nl");
    expect(unknown.status).toBe(400);
  });
});
