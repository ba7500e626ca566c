import { describe, expect, it } from "vitest";
import { importProblems } from "./customer-admin";

describe("importProblems", () => {
  it("finds nothing in a list of new, distinct addresses", () => {
    expect(importProblems([{ email: "a@example.com" }, { email: "b@example.com" }], new Set())).toEqual([]);
  });

  it("names every repeat of an address in the list (in any case) and the entry it repeats", () => {
    const list = [{ email: "a@example.com" }, { email: "b@example.com" }, { email: "A@Example.com" }];
    expect(importProblems(list, new Set())).toEqual([
      { index: 2, email: "a@example.com", message: "The email address is also in entry 0." },
    ]);
  });

  it("names every entry whose address is already a customer's, in the order of the list", () => {
    const list = [
      { email: "new@example.com" },
      { email: "Taken@example.com" },
      { email: "taken@example.com" },
    ];
    expect(importProblems(list, new Set(["taken@example.com"]))).toEqual([
      { index: 1, email: "taken@example.com", message: "A customer with this email already exists." },
      { index: 2, email: "taken@example.com", message: "The email address is also in entry 1." },
      { index: 2, email: "taken@example.com", message: "A customer with this email already exists." },
    ]);
  });
});
