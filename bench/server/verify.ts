import type { SqlRunner } from "../lib/generate";
import type { Row } from "../lib/report";

interface ListBody {
  courses: { id: string; title: string }[];
  totalDoc: number;
}

const check = (name: string, problems: string[], note: string): Row => ({
  engine: "postgres",
  name: `check: ${name}`,
  connections: 1,
  budget: "correct answer",
  missed: problems.map((problem) => `${name}: ${problem}`),
  note,
});

/** Checks the catalogue's answers on the generated data before measuring how fast they come. */
export async function verifyCatalogue(
  url: string,
  db: SqlRunner,
  words: { rare: string; partial: string },
): Promise<Row[]> {
  const list = async (query: string) => {
    const response = await fetch(`${url}/api/courses${query}`);
    if (!response.ok) throw new Error(`GET /api/courses${query}: ${response.status}`);
    return (await response.json()) as ListBody;
  };
  const count = async (condition: string, value: string) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from courses where published and company_id = (select id from companies where slug = 'wellspring') and ${condition}`,
          [value],
        )
      )[0]?.n,
    );
  const rows: Row[] = [];

  const searches: [string, string, string][] = [
    ["search finds every course with a rare word", words.rare, "search_text like '%' || $1 || '%'"],
    [
      "search finds every course whose words start with a common word",
      "practical",
      "to_tsvector('simple', search_text) @@ to_tsquery('simple', $1 || ':*')",
    ],
    ["search finds part of a word through trigrams", words.partial, "search_text like '%' || $1 || '%'"],
  ];
  for (const [name, word, condition] of searches) {
    const expected = await count(condition, word);
    const body = await list(`?searchText=${encodeURIComponent(word)}`);
    const problems = expected === 0 ? ["the data has no such course"] : [];
    if (body.totalDoc !== expected) problems.push(`totalDoc ${body.totalDoc}, the database has ${expected}`);
    rows.push(check(name, problems, `"${word}": ${body.totalDoc} courses`));
  }

  // "music" is the subject of some titles and only in the summary of others: title matches come first.
  const top = await list("?searchText=music&limit=100");
  const pages = Math.ceil(top.totalDoc / 100);
  const bottom = await list(`?searchText=music&limit=100&page=${pages}`);
  const inTitle = (body: ListBody) => body.courses.filter((course) => /music/i.test(course.title)).length;
  const rankProblems: string[] = [];
  if (inTitle(top) !== top.courses.length)
    rankProblems.push("the first page has courses without the word in the title");
  if (bottom.courses.length === 0 || inTitle(bottom) !== 0)
    rankProblems.push("the last page has courses with the word in the title");
  rows.push(
    check("search results are ranked", rankProblems, `"music": ${top.totalDoc} courses, title matches first`),
  );

  // Two words: the courses with both in the title come first, then those with one. There are more
  // than 100 of the first kind in the full-size data, so the switch is looked for where the database
  // says it is, not on the first page.
  const [both] = await db.query<{ n: string }>(
    `select count(*) as n from courses where published
       and company_id = (select id from companies where slug = 'wellspring')
       and to_tsvector('simple', search_text) @@ to_tsquery('simple', 'creative:* & music:*')
       and lower(jsonb_path_query_array(title, '$.*')::text) like '%creative%'
       and lower(jsonb_path_query_array(title, '$.*')::text) like '%music%'`,
  );
  const bothInTitle = Number(both?.n ?? 0);
  const switchPage = Math.floor(bothInTitle / 100) + 1;
  const around = await list(`?searchText=creative%20music&limit=100&page=${switchPage}`);
  const titleWords = around.courses.map(
    (course) => ["creative", "music"].filter((word) => course.title.toLowerCase().includes(word)).length,
  );
  const at = bothInTitle % 100;
  const twoWordProblems: string[] = [];
  if (bothInTitle === 0) twoWordProblems.push("the data has no course with both words in the title");
  if (titleWords.slice(0, at).some((n) => n !== 2))
    twoWordProblems.push(`a course without both words in the title ranks among the first ${bothInTitle}`);
  if (titleWords.slice(at).some((n) => n === 2))
    twoWordProblems.push(`a course with both words in the title ranks after the first ${bothInTitle}`);
  if (around.totalDoc > bothInTitle && titleWords.slice(at).length === 0)
    twoWordProblems.push("the courses with one of the words in the title are missing");
  rows.push(
    check(
      "search results with several words are ranked",
      twoWordProblems,
      `"creative music": ${bothInTitle} of ${around.totalDoc} with both words in the title, first`,
    ),
  );

  const first = await fetch(`${url}/api/courses`);
  const etag = first.headers.get("etag");
  await first.arrayBuffer();
  const again = etag ? await fetch(`${url}/api/courses`, { headers: { "if-none-match": etag } }) : undefined;
  await again?.arrayBuffer();
  rows.push(
    check(
      "ETag and 304 Not Modified",
      etag && again?.status === 304 ? [] : [`etag ${etag}, then ${again?.status}`],
      "GET /api/courses",
    ),
  );
  return rows;
}
