import { describe, expect, it } from "vitest";
import { checkImportFile, problemsFromApi } from "./customer-import";

describe("checkImportFile", () => {
  it("reads valid rows with their row numbers, ignoring blank lines and extra columns", () => {
    const result = checkImportFile(
      "\uFEFFName,Email,phone,address,notes\nAda,ADA@example.org,+31 6,Main 1,x\n\nAlan,alan@example.org,,,\n",
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { name: "Ada", email: "ada@example.org", phone: "+31 6", address: "Main 1" },
        { name: "Alan", email: "alan@example.org" },
      ],
      lines: [2, 3],
    });
  });

  it("reports every bad row with its row number and the field", () => {
    const result = checkImportFile(
      "name,email\n,ada@example.org\nAlan,not-an-email\nGrace,grace@example.org",
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 2, key: "field.nameRequired", values: { field: "name" } },
        { row: 3, key: "field.emailInvalid", values: { field: "email" } },
      ],
    });
  });

  it("refuses a file without the name and email columns, or without rows", () => {
    expect(checkImportFile("full name,mail\nAda,ada@example.org")).toMatchObject({
      ok: false,
      problems: [{ row: 1, key: "headers" }],
    });
    expect(checkImportFile("name,email\n")).toMatchObject({
      ok: false,
      problems: [{ row: 0, key: "empty" }],
    });
    expect(checkImportFile('name,email\n"Ada,ada@example.org')).toMatchObject({
      ok: false,
      problems: [{ row: 0, key: "unreadable" }],
    });
  });
});

describe("problemsFromApi", () => {
  it("maps the service's entry indexes and validation paths to file rows", () => {
    const lines = [2, 4, 5];
    expect(
      problemsFromApi(
        [
          { index: 1, email: "a@example.org", message: "A customer with this email already exists." },
          { path: "body.2.email", message: "Please enter a valid email address" },
        ],
        lines,
        "Rejected",
      ),
    ).toEqual([
      { row: 4, message: "A customer with this email already exists." },
      { row: 5, message: "Please enter a valid email address" },
    ]);
    expect(problemsFromApi(undefined, lines, "Rejected")).toEqual([{ row: 0, message: "Rejected" }]);
  });
});
