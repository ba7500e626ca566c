import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { DEFAULT_FAQS } from "../../seed/default-faqs";

const ctx = adminTestContext();
const { call } = ctx;

describe("PUT /api/admin/pages/{slug}", () => {
  it("sanitises hostile HTML on save", async () => {
    const { status, body } = await call("PUT", "/api/admin/pages/about-us", ctx.admin.token, {
      title: { en: "About us" },
      body: {
        en: '<h2>Hi</h2><script>alert(1)</script><img src=x onerror="alert(1)"><p onclick="x()">Text <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a></p>',
      },
    });
    expect(status).toBe(200);
    expect(body.body.en).toBe(
      '<h2>Hi</h2><p>Text <a>bad</a> <a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a></p>',
    );
    expect(await ctx.t.app.services.pages.forStorefront(ctx.companyId, "about-us", "nl")).toMatchObject({
      title: "About us",
    });
  });

  it("validates, guards and scopes", async () => {
    expect(
      (
        await call("PUT", "/api/admin/pages/about-us", ctx.admin.token, {
          title: { en: "" },
          body: { en: "x" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call("PUT", "/api/admin/pages/blog", ctx.admin.token, { title: { en: "x" }, body: { en: "x" } }))
        .status,
    ).toBe(400);
    expect((await call("GET", "/api/admin/pages")).status).toBe(401);
    expect((await call("GET", "/api/admin/pages", ctx.driver.token)).status).toBe(403);
    const other = await call("GET", "/api/admin/pages/about-us", ctx.other.admin.token);
    expect(other.body.saved).toBe(false);
  });
});

describe("/api/admin/faqs", () => {
  it("starts a fresh install with the default questions in English and Dutch, editable like any other", async () => {
    const list = await call("GET", "/api/admin/faqs?limit=100&sort=position", ctx.admin.token);
    const questions = list.body.items.map((faq: { question: { en: string } }) => faq.question.en);
    expect(questions).toEqual(expect.arrayContaining(DEFAULT_FAQS.map((faq) => faq.question.en)));
    const dutch = await ctx.t.app.services.faqs.published(ctx.companyId, "nl");
    expect(dutch.map((faq) => faq.question)).toEqual(
      expect.arrayContaining(["Kan ik mijn aankoop herroepen?", "Waar vind ik mijn factuur?"]),
    );
  });

  it("creates, lists, searches, moves, updates and deletes with audit entries", async () => {
    const first = await call("POST", "/api/admin/faqs", ctx.admin.token, {
      question: { en: "How do I pay?", nl: "Hoe betaal ik?" },
      answer: { en: "By card or iDEAL." },
    });
    expect(first.status).toBe(201);
    const second = await call("POST", "/api/admin/faqs", ctx.admin.token, {
      question: { en: "Can I get a refund?" },
      answer: { en: "Within 14 days." },
      published: false,
    });
    expect(second.body.position).toBeGreaterThan(first.body.position);
    const search = await call("GET", "/api/admin/faqs?searchText=refund", ctx.admin.token);
    expect(search.body.items.map((faq: { id: string }) => faq.id)).toEqual([second.body.id]);

    await call("POST", `/api/admin/faqs/${second.body.id}/move`, ctx.admin.token, { direction: "up" });
    const ordered = await call("GET", "/api/admin/faqs?limit=100", ctx.admin.token);
    const ours = [first.body.id, second.body.id];
    expect(
      ordered.body.items.map((faq: { id: string }) => faq.id).filter((id: string) => ours.includes(id)),
    ).toEqual([second.body.id, first.body.id]);

    const published = await ctx.t.app.services.faqs.published(ctx.companyId, "nl");
    expect(published.filter((faq) => ours.includes(faq.id))).toEqual([
      { id: first.body.id, question: "Hoe betaal ik?", answer: "By card or iDEAL." },
    ]);
    const updated = await call("PUT", `/api/admin/faqs/${second.body.id}`, ctx.admin.token, {
      question: { en: "Refunds?" },
      answer: { en: "Yes." },
      published: true,
    });
    expect(updated.body.question.en).toBe("Refunds?");
    expect((await call("DELETE", `/api/admin/faqs/${second.body.id}`, ctx.admin.token)).status).toBe(204);
    expect((await call("GET", `/api/admin/faqs/${second.body.id}`, ctx.admin.token)).status).toBe(404);
    const audit = await ctx.t.app.services.audit.list(ctx.companyId, { page: 1, limit: 20, entity: "faq" });
    expect(audit.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["create", "update", "delete"]),
    );
  });

  it("answers 400, 401, 403 and keeps companies apart", async () => {
    expect(
      (await call("POST", "/api/admin/faqs", ctx.admin.token, { question: { en: "" }, answer: { en: "x" } }))
        .status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/admin/faqs", undefined, { question: { en: "q" }, answer: { en: "a" } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call("POST", "/api/admin/faqs", ctx.driver.token, {
          question: { en: "q" },
          answer: { en: "a" },
        })
      ).status,
    ).toBe(403);
    const mine = await call("GET", "/api/admin/faqs", ctx.admin.token);
    const id = mine.body.items[0].id;
    expect((await call("DELETE", `/api/admin/faqs/${id}`, ctx.other.admin.token)).status).toBe(404);
    expect((await call("GET", "/api/admin/faqs", ctx.other.admin.token)).body.total).toBe(0);
  });
});

describe("/api/admin/email-templates", () => {
  it("lists the events with the built-in text, saves, previews safely and resets", async () => {
    const list = await call("GET", "/api/admin/email-templates", ctx.admin.token);
    expect(list.body.items.map((item: { event: string }) => item.event)).toEqual([
      "order-confirmation",
      "password-reset",
    ]);
    expect(list.body.items[1].customized).toBe(false);

    const unknown = await call("PUT", "/api/admin/email-templates/password-reset", ctx.admin.token, {
      subject: { en: "Reset {{shopName}}" },
      body: { en: "Hi {{name}} {{password}} {{link}}" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields["body.en"]).toContain("{{password}}");
    const noLink = await call("PUT", "/api/admin/email-templates/password-reset", ctx.admin.token, {
      subject: { en: "Reset" },
      body: { en: "Hi {{name}}" },
    });
    expect(noLink.status).toBe(400);

    const saved = await call("PUT", "/api/admin/email-templates/password-reset", ctx.admin.token, {
      subject: { en: "New password for {{shopName}}" },
      body: { en: "Dear {{name}},\n\nClick {{link}}" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.customized).toBe(true);
    expect(await ctx.t.app.services.emailTemplates.resolve(ctx.companyId, "password-reset", "nl")).toEqual({
      subject: "New password for {{shopName}}",
      body: "Dear {{name}},\n\nClick {{link}}",
    });

    const preview = await call(
      "POST",
      "/api/admin/email-templates/order-confirmation/preview",
      ctx.admin.token,
      {
        subject: "Order {{orderNumber}}",
        body: "Hi {{customerName}} <script>alert(1)</script> {{nope}}",
      },
    );
    expect(preview.body.subject).toBe("Order 1042");
    expect(preview.body.html).not.toContain("<script>");
    expect(preview.body.unknownPlaceholders).toEqual(["nope"]);

    expect(
      (await call("DELETE", "/api/admin/email-templates/password-reset", ctx.admin.token)).body.customized,
    ).toBe(false);
    expect((await call("GET", "/api/admin/email-templates/password-reset", ctx.driver.token)).status).toBe(
      403,
    );
    expect((await call("GET", "/api/admin/email-templates/welcome", ctx.admin.token)).status).toBe(400);
  });
});
