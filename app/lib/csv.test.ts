import { describe, expect, it } from "vitest";
import { CsvParseError, parseCsv, parseCsvRecords, toCsv } from "./csv";

describe("toCsv", () => {
  it("joins cells with commas and rows with CRLF, empty for null and undefined", () => {
    expect(
      toCsv([
        ["a", 1, true],
        [null, undefined, "z"],
      ]),
    ).toBe("a,1,true\r\n,,z");
  });

  it("quotes cells with quotes, commas, line breaks or edge spaces and doubles quotes", () => {
    expect(toCsv([['say "hi"', "a,b", "two\nlines", " padded", "cr\r"]])).toBe(
      '"say ""hi""","a,b","two\nlines"," padded","cr\r"',
    );
  });

  it("guards text that a spreadsheet would run as a formula, but not numbers", () => {
    expect(toCsv([["=SUM(A1)", "+1", "@x", "-y", -5]])).toBe("'=SUM(A1),'+1,'@x,'-y,-5");
    expect(toCsv([["=SUM(A1)"]], { guardFormulas: false })).toBe("=SUM(A1)");
  });
});

describe("parseCsv", () => {
  it("parses what toCsv writes", () => {
    const rows = [
      ["name", "note"],
      ["Ada", 'said "hi", then\nleft'],
      ["", " x "],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("accepts LF and CRLF, drops a BOM and blank lines, keeps empty cells", () => {
    expect(parseCsv("\uFEFFa,b\n\n1,\r\n,2\r\n")).toEqual([
      ["a", "b"],
      ["1", ""],
      ["", "2"],
    ]);
  });

  it("keeps a last row without a line break", () => {
    expect(parseCsv("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("throws on an unterminated quote with its line", () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvParseError);
    try {
      parseCsv('a\n"open,b\nc');
    } catch (error) {
      expect((error as CsvParseError).line).toBe(2);
    }
  });
});

describe("parseCsvRecords", () => {
  it("keys records by trimmed headers with file line numbers", () => {
    expect(parseCsvRecords(" name ,email\nAda,ada@example.org\nBob\n")).toEqual({
      headers: ["name", "email"],
      records: [
        { line: 2, values: { name: "Ada", email: "ada@example.org" } },
        { line: 3, values: { name: "Bob", email: "" } },
      ],
    });
  });

  it("is empty for empty text", () => {
    expect(parseCsvRecords("")).toEqual({ headers: [], records: [] });
  });
});
