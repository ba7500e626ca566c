import type { LegalDocument, Seller } from "./legal-document";

/** De standaardpagina Over ons, tot de school een eigen tekst schrijft in Winkel aanpassen. */
export function aboutUsNl(s: Seller): LegalDocument {
  const legalName = s.companyName && s.companyName !== s.shopName ? ` (${s.companyName})` : "";
  return {
    title: "Over ons",
    intro: `${s.shopName}${legalName} maakt online cursussen die kinderen en volwassenen in hun eigen tempo kunnen volgen, thuis of op school.`,
    sections: [
      {
        id: "how-it-works",
        heading: "Zo werken onze cursussen",
        blocks: [
          {
            list: [
              "Elke cursus is een reeks videolessen. Met gratis voorproefjes zie je hoe een cursus is voordat je hem koopt.",
              "Je koopt een cursus één keer en houdt er toegang toe; de voortgang van de leerling wordt per les bewaard.",
              "Sommige cursussen kun je in maandelijkse termijnen betalen, zonder rente of extra kosten; dat staat op de cursuspagina.",
              "Je kunt als gast kopen of met een account. Met een account staan al je cursussen en facturen op één plek.",
            ],
          },
        ],
      },
      {
        id: "promise",
        heading: "Waar je op kunt rekenen",
        blocks: [
          {
            list: [
              "Duidelijke prijzen inclusief btw, en een factuur bij elke bestelling.",
              "Je herroepingsrecht van 14 dagen zoals onze algemene voorwaarden beschrijven.",
              "Zorgvuldige omgang met je persoonsgegevens, zoals onze privacyverklaring uitlegt.",
            ],
          },
        ],
      },
      {
        id: "contact",
        heading: "Contact",
        blocks: [
          {
            paragraph: `Vragen over een cursus of een bestelling? ${s.email ? `Mail ons via ${s.email}` : "Neem contact met ons op"}${s.address ? `, of schrijf ons op ${s.address}` : ""}. Op de helppagina staan antwoorden op de meest gestelde vragen.`,
          },
        ],
      },
    ],
  };
}
