import type { LegalDocument, Seller } from "./legal-document";

export function termsNl(s: Seller): LegalDocument {
  const seller = s.companyName || s.shopName;
  return {
    title: "Algemene voorwaarden",
    intro: `Deze voorwaarden gelden als je een onlinecursus koopt of gebruikt bij ${s.shopName}. Lees ze voordat je bestelt: met je bestelling ga je ermee akkoord.`,
    sections: [
      {
        id: "who-we-are",
        heading: "Wie wij zijn",
        blocks: [
          {
            paragraph: `De cursussen op deze website worden verkocht door ${seller}${s.address ? `, ${s.address}` : ""}${s.vatNumber ? ` (btw-nummer ${s.vatNumber})` : ""}. De school is de verkoper en je contractpartij voor elke cursus die je hier koopt, en het aanspreekpunt voor vragen${s.email ? ` via ${s.email}` : ""}.`,
          },
          {
            paragraph:
              "Wij maken onlinecursussen voor christelijke scholen, microscholen en thuisonderwijsgezinnen: opgenomen videolessen met een beschrijving van wat de leerling leert, voor leerlingen van de leeftijd die bij elke cursus staat.",
          },
        ],
      },
      {
        id: "definitions",
        heading: "Begrippen",
        blocks: [
          {
            list: [
              "‘Jij’: de persoon of school die een cursus bestelt. Bestel je als consument, dan handel je niet voor je beroep of bedrijf.",
              "‘Leerling’: degene die de cursus via jouw account volgt.",
              "‘Cursus’: een reeks online videolessen met de beschrijving zoals op de cursuspagina.",
              "‘Gratis voorproefje’: lessen die zo gemarkeerd zijn en die iedereen mag bekijken zonder de cursus te kopen.",
            ],
          },
        ],
      },
      {
        id: "account",
        heading: "Je account",
        blocks: [
          {
            paragraph:
              "Om een cursus te volgen heb je een account nodig, of je rekent af als gast met je e-mailadres. Houd je wachtwoord voor jezelf; je bent verantwoordelijk voor wat er in je account gebeurt. Geef ons juiste gegevens en houd ze actueel, zodat facturen en berichten je bereiken.",
          },
          {
            paragraph:
              "Een ouder of leerkracht kan het account beheren voor een leerling jonger dan 16 jaar en is dan verantwoordelijk voor het gebruik door die leerling.",
          },
        ],
      },
      {
        id: "prices",
        heading: "Prijzen en btw",
        blocks: [
          {
            paragraph:
              "Prijzen zijn in euro en inclusief Nederlandse btw (21 %, tenzij een cursuspagina iets anders vermeldt). Je betaalt de prijs die bij het afrekenen staat op het moment van bestellen. Een actieprijs of kortingscode geldt alleen binnen de genoemde periode en voorwaarden. Kennelijke vergissingen in een prijs binden ons niet; we laten het je weten en je kunt dan kosteloos annuleren.",
          },
        ],
      },
      {
        id: "ordering",
        heading: "Bestellen en betalen",
        blocks: [
          {
            paragraph:
              "Je bestelt door cursussen in je winkelwagen te leggen en af te rekenen. De overeenkomst komt tot stand zodra je betaling (of bij een betalingsregeling de eerste termijn) is bevestigd. Je ontvangt dan een orderbevestiging per e-mail, met de factuur, en de cursus verschijnt onder Mijn cursussen.",
          },
          {
            paragraph:
              "Je betaalt online bij het afrekenen met een van de aangeboden betaalmethoden. Sommige cursussen kun je in maandelijkse termijnen betalen, die automatisch worden afgeschreven van de betaalmethode van de eerste betaling; kan een termijn na de pogingen uit de overeenkomst betalingsregeling niet worden geïnd, dan wordt de toegang tot die cursus gepauzeerd tot er betaald is. Daarvoor geldt de overeenkomst betalingsregeling, die deel uitmaakt van deze voorwaarden.",
          },
          {
            paragraph:
              "Een cursus met een beperkt aantal plaatsen wordt verkocht zolang er plaatsen zijn. Is de laatste plaats vergeven terwijl je betaalt, dan schrijven we niets af of betalen we alles terug.",
          },
        ],
      },
      {
        id: "access",
        heading: "Toegang tot je cursus",
        blocks: [
          {
            paragraph:
              "Na betaling krijg je een persoonlijk, niet-overdraagbaar recht om de lessen van de cursus online te bekijken via je account, zolang wij de cursus aanbieden en ten minste twaalf maanden na je aankoop.",
          },
          {
            list: [
              "Een cursus die een gezin koopt, mogen de leerlingen in dat huishouden volgen.",
              "Een cursus die een school koopt, mag worden getoond aan de leerlingen van de klas of groep waarvoor hij is gekocht.",
              "Je mag je inlog niet met anderen delen, en de lessen niet kopiëren, downloaden, opnemen, publiceren of toegang ertoe doorverkopen.",
            ],
          },
        ],
      },
      {
        id: "withdrawal",
        heading: "Je herroepingsrecht (14 dagen)",
        blocks: [
          {
            paragraph:
              "Ben je consument in de Europese Unie, dan kun je je aankoop binnen 14 dagen na het sluiten van de overeenkomst zonder opgave van redenen herroepen.",
          },
          {
            paragraph:
              "Een cursus is digitale inhoud die niet op een materiële drager wordt geleverd. Bij het afrekenen vragen we daarom of je direct toegang wilt. Geef je daarvoor uitdrukkelijk toestemming en verklaar je dat je je herroepingsrecht verliest zodra de levering is begonnen, dan vervalt je herroepingsrecht op het moment dat de leerling een les van de cursus begint te streamen die geen gratis voorproefje is. Het bekijken van gratis voorproefjes laat je herroepingsrecht intact.",
          },
          {
            paragraph: `Om te herroepen stuur je ons een duidelijke verklaring${s.email ? ` per e-mail naar ${s.email}` : ""}, met je bestelnummer; je mag het modelformulier hieronder gebruiken, maar dat hoeft niet. We betalen alles wat je voor de cursus hebt betaald, ook al betaalde termijnen, binnen 14 dagen na ontvangst van je herroeping terug via de betaalmethode die je gebruikte, en sluiten de toegang van de leerling tot de cursus.`,
          },
          {
            paragraph:
              "Modelformulier voor herroeping: ‘Hierbij deel ik mee dat ik mijn overeenkomst herroep voor de volgende cursus: [cursus], besteld op [datum], bestelnummer [nummer]. Naam: [naam]. E-mail: [e-mail]. Datum: [datum].’",
          },
        ],
      },
      {
        id: "use",
        heading: "Redelijk gebruik",
        blocks: [
          {
            paragraph:
              "Gebruik de cursussen om te leren. Probeer de beveiliging van de lessen niet te omzeilen, de website niet te overbelasten en gebruik haar niet voor iets onrechtmatigs. Bij een ernstige schending van deze voorwaarden kunnen we het account na een waarschuwing blokkeren, tenzij een waarschuwing in redelijkheid niet kan worden gevraagd.",
          },
        ],
      },
      {
        id: "intellectual-property",
        heading: "Intellectueel eigendom",
        blocks: [
          {
            paragraph:
              "De lessen, video's, teksten en materialen zijn auteursrechtelijk beschermd en zijn van de school of haar docenten. Met de aankoop van een cursus krijg je het gebruiksrecht zoals hierboven beschreven, niet de eigendom.",
          },
        ],
      },
      {
        id: "changes-to-courses",
        heading: "Beschikbaarheid en wijzigingen",
        blocks: [
          {
            paragraph:
              "We houden de website zo goed als redelijkerwijs mogelijk beschikbaar, maar korte onderbrekingen voor onderhoud kunnen voorkomen. We mogen een cursus verbeteren, bijvoorbeeld door een les opnieuw op te nemen. Trekken we een cursus binnen twaalf maanden na je aankoop in, dan betalen we het deel van de prijs voor de resterende maanden terug of bieden we een vergelijkbare cursus aan, naar jouw keuze.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Aansprakelijkheid",
        blocks: [
          {
            paragraph:
              "Voldoet een cursus niet aan de overeenkomst, dan heb je de rechten die de wet je geeft: we herstellen eerst het probleem, en lukt dat niet, dan kun je prijsverlaging vragen of de overeenkomst ontbinden. Verder is onze aansprakelijkheid beperkt tot het bedrag dat je voor de betreffende cursus hebt betaald. Deze beperking geldt niet bij opzet of grove nalatigheid van ons, of waar de wet haar niet toestaat.",
          },
        ],
      },
      {
        id: "privacy",
        heading: "Privacy",
        blocks: [
          {
            paragraph:
              "We gebruiken je persoonsgegevens alleen om de cursussen te leveren, betalingen en facturen af te handelen en je over je bestellingen te informeren, volgens de Algemene verordening gegevensbescherming (AVG). Facturen bewaren we zeven jaar, omdat de Nederlandse belastingwet dat vraagt.",
          },
        ],
      },
      {
        id: "complaints",
        heading: "Vragen en klachten",
        blocks: [
          {
            paragraph: `Klopt er iets niet? Laat het ons weten${s.email ? ` via ${s.email}` : ""}, met je bestelnummer. We bevestigen de ontvangst binnen vijf werkdagen en geven binnen 14 dagen een volledig antwoord. Komen we er samen niet uit, dan kun je het geschil voorleggen aan de bevoegde rechter.`,
          },
        ],
      },
      {
        id: "governing-law",
        heading: "Toepasselijk recht",
        blocks: [
          {
            paragraph:
              "Op deze voorwaarden en elke overeenkomst die eronder valt is het recht van Nederland van toepassing. Geschillen worden voorgelegd aan de bevoegde rechter in Nederland. Woon je als consument in een ander EU-land, dan behoud je de bescherming van de dwingende regels van het recht van je eigen land en kun je ook naar de rechter in je woonplaats.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Wijziging van deze voorwaarden",
        blocks: [
          {
            paragraph:
              "We kunnen deze voorwaarden wijzigen voor nieuwe bestellingen. Op een bestelling blijven de voorwaarden gelden die golden toen je bestelde. Belangrijke wijzigingen kondigen we op deze pagina aan voordat ze ingaan.",
          },
        ],
      },
    ],
  };
}
