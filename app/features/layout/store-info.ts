/** What the header and footer show about the school (from the store settings). */
export interface StoreChromeInfo {
  shopName: string;
  companyName: string;
  website: string;
  addressLines: string[];
  phones: string[];
  email: string;
}
