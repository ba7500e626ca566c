import type { LegalDocument, Seller } from "./legal-document";

export function paymentPlanNl(s: Seller): LegalDocument {
  const seller = s.companyName || s.shopName;
  return {
    title: "Overeenkomst betalingsregeling",
    intro: `Sommige cursussen kun je in maandelijkse termijnen betalen in plaats van in één keer. Deze overeenkomst tussen jou en ${seller} geldt als je bij het afrekenen voor een betalingsregeling kiest, naast onze algemene voorwaarden.`,
    sections: [
      {
        id: "what-it-is",
        heading: "Wat een betalingsregeling is",
        blocks: [
          {
            paragraph:
              "Met een betalingsregeling spreid je de prijs van een cursus over een aantal maandelijkse termijnen. Je betaalt hetzelfde totaal als bij betaling in één keer: we rekenen geen rente, geen kosten en geen toeslag voor betalen in termijnen, dus een betalingsregeling is geen lening.",
          },
          {
            paragraph:
              "Op een cursuspagina zie je of de cursus een betalingsregeling heeft en in hoeveel termijnen. Je kiest ervoor bij het afrekenen, en je aanvaardt deze overeenkomst door het vakje ervoor aan te vinken voordat je betaalt.",
          },
        ],
      },
      {
        id: "amounts",
        heading: "Bedrag per termijn",
        blocks: [
          {
            paragraph:
              "Het ordertotaal (na eventuele korting, inclusief btw) wordt verdeeld in gelijke termijnen, afgerond op de cent; een cent die door afronding overblijft, komt bij de eerste termijn. Voorbeeld: € 149,00 in drie termijnen is € 49,68, daarna € 49,66 en € 49,66.",
          },
          {
            paragraph:
              "Bij het afrekenen zie je elk bedrag en elke vervaldatum voordat je betaalt. Het schema staat op je factuur en is altijd te zien onder Mijn facturen.",
          },
        ],
      },
      {
        id: "schedule",
        heading: "Maandelijks schema",
        blocks: [
          {
            list: [
              "De eerste termijn betaal je bij het afrekenen. Je bestelling, je factuur en de toegang van de leerling tot de cursus beginnen zodra die betaald is.",
              "Elke volgende termijn vervalt een maand na de vorige, op dezelfde dag van de maand als je bestelling (of de laatste dag van een kortere maand).",
              "Volgende termijnen worden afgeschreven van de betaalmethode die je bij het afrekenen gebruikte; daarvoor geef je toestemming door deze overeenkomst te aanvaarden. Houd die geldig of geef ons op tijd een nieuwe.",
              "Een paar dagen (drie) voordat een termijn wordt afgeschreven, sturen we je een herinnering per e-mail met het bedrag en de datum.",
            ],
          },
        ],
      },
      {
        id: "failed-instalment",
        heading: "Als een termijn niet lukt",
        blocks: [
          {
            paragraph:
              "Kan een termijn niet worden geïnd, dan laten we je dat per e-mail weten en proberen we het opnieuw 1, 3 en 7 dagen na de vervaldatum. Elke e-mail bevat een link naar een pagina in je account waar je de termijn op elk moment zelf kunt betalen.",
          },
          {
            list: [
              "Mislukt ook de laatste poging, 7 dagen na de vervaldatum, dan wordt de toegang van de leerling tot de cursussen van die bestelling (behalve gratis voorproefjes) gepauzeerd tot de termijn betaald is; dat laten we je per e-mail weten. De voortgang blijft bewaard; er wordt niets verwijderd.",
              "Zodra het openstaande bedrag is betaald, is de toegang er weer.",
              "Blijft een termijn 30 dagen na de vervaldatum onbetaald, dan kunnen we na een laatste herinnering de betalingsregeling beëindigen, de toegang tot de cursus sluiten en de vervallen termijnen opeisen. We rekenen nooit meer incassokosten of rente dan de Nederlandse wet toestaat, en pas na de wettelijke aanmaning.",
            ],
          },
        ],
      },
      {
        id: "early-payoff",
        heading: "Eerder aflossen",
        blocks: [
          {
            paragraph: `Je kunt het resterende bedrag op elk moment in één keer betalen, zonder extra kosten. Vraag het ons${s.email ? ` via ${s.email}` : ""} en we sturen je een betaallink voor de rest; de overige termijnen vervallen dan.`,
          },
        ],
      },
      {
        id: "cancellation",
        heading: "Herroeping en opzegging",
        blocks: [
          {
            paragraph:
              "Je herroepingsrecht van 14 dagen uit de algemene voorwaarden geldt ook voor cursussen die je met een betalingsregeling koopt. Herroep je op tijd, dan betalen we de betaalde termijnen terug en vervallen de overige.",
          },
          {
            paragraph:
              "Is het herroepingsrecht vervallen (omdat de leerling lessen is gaan streamen nadat je instemde met directe toegang, of omdat 14 dagen voorbij zijn), dan is de cursus geleverd en blijven de resterende termijnen verschuldigd; stoppen met de cursus beëindigt ze niet.",
          },
          {
            paragraph:
              "Trekken wij de cursus binnen twaalf maanden na je aankoop in, dan vervallen de termijnen die nog niet verschuldigd zijn en betalen we terug wat je voor de resterende maanden hebt betaald, zoals de algemene voorwaarden beschrijven.",
          },
        ],
      },
      {
        id: "governing-law",
        heading: "Toepasselijk recht",
        blocks: [
          {
            paragraph:
              "Op deze overeenkomst is het recht van Nederland van toepassing, net als op onze algemene voorwaarden; als consument behoud je de bescherming van de dwingende regels van het land waar je woont.",
          },
        ],
      },
    ],
  };
}
