/** A legal page: sections with anchors, each made of paragraphs and optional bullet lists. */
export interface LegalSection {
  /** Anchor id, stable across languages so links keep working. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export type LegalBlock = { paragraph: string } | { list: string[] };

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

/** What the legal texts say about the seller, from the school's settings. */
export interface Seller {
  shopName: string;
  companyName: string;
  vatNumber: string;
  address: string;
  email: string;
}
