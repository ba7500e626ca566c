import type { LegalDocument, Seller } from "./legal-document";

export function privacyPolicyNl(s: Seller): LegalDocument {
  const controller = s.companyName || s.shopName;
  const contact = s.email ? ` via ${s.email}` : "";
  return {
    title: "Privacyverklaring",
    intro: `In deze verklaring lees je welke persoonsgegevens ${controller} verzamelt als je ${s.shopName} bezoekt, een cursus koopt of bij ons leert, waarom, op welke grondslag, wie ze verder verwerkt, hoe lang we ze bewaren en welke rechten je hebt onder de Algemene verordening gegevensbescherming (AVG).`,
    sections: [
      {
        id: "controller",
        heading: "Wie verantwoordelijk is",
        blocks: [
          {
            paragraph: `${controller} is de verwerkingsverantwoordelijke voor je persoonsgegevens${s.address ? `, gevestigd op ${s.address}` : ""}${s.vatNumber ? ` (btw-nummer ${s.vatNumber})` : ""}. Voor elke vraag over je gegevens, of om een van je rechten uit te oefenen, neem je contact met ons op${contact}.`,
          },
        ],
      },
      {
        id: "data",
        heading: "Welke gegevens we verzamelen",
        blocks: [
          {
            list: [
              "Account- en bestelgegevens: je naam, e-mailadres en, als je die opgeeft, je adres en telefoonnummer; een wachtwoord, alleen opgeslagen als veilige hash.",
              "Bestellingen en betalingen: de cursussen die je kocht, prijzen, kortingscodes, facturen, de betalingsregeling en de termijnen, en de toestemmingen die je bij het afrekenen gaf. Je volledige kaartnummer zien en bewaren we nooit: dat verwerkt de betaaldienst.",
              "Leren: je inschrijvingen, je voortgang per les en de beoordelingen die je schrijft.",
              "Technische gegevens: het IP-adres en de browser van een ingelogde sessie, en de cookies die hieronder staan.",
            ],
          },
        ],
      },
      {
        id: "purposes",
        heading: "Waarvoor we ze gebruiken, en op welke grondslag",
        blocks: [
          {
            list: [
              "Om de cursussen te verkopen en te leveren, de leerling toegang te geven, orderbevestigingen, facturen en betaalherinneringen te sturen en je vragen te beantwoorden: uitvoering van de overeenkomst met jou (artikel 6 lid 1 sub b AVG).",
              "Om onze boekhouding en facturen te bewaren zoals de Nederlandse belastingwet eist: een wettelijke verplichting (artikel 6 lid 1 sub c AVG).",
              "Om de website en accounts veilig te houden, fraude en misbruik te voorkomen en storingen op te lossen: ons gerechtvaardigd belang bij een veilige, werkende dienst (artikel 6 lid 1 sub f AVG).",
              "Om een beoordeling die je schrijft met je voornaam te tonen: je toestemming, die je altijd kunt intrekken door ons te vragen haar te verwijderen (artikel 6 lid 1 sub a AVG).",
            ],
          },
          {
            paragraph:
              "We verkopen je gegevens niet, gebruiken ze niet voor advertentieprofielen en nemen geen besluiten over jou die alleen op geautomatiseerde verwerking berusten.",
          },
        ],
      },
      {
        id: "children",
        heading: "Kinderen",
        blocks: [
          {
            paragraph:
              "Veel van onze leerlingen zijn kinderen. Cursussen voor een kind jonger dan 16 jaar worden gekocht door een ouder of voogd, die het account aanmaakt en namens het kind akkoord gaat. We verzamelen alleen wat nodig is om het kind de cursus te laten volgen.",
          },
        ],
      },
      {
        id: "processors",
        heading: "Wie je gegevens verder verwerkt",
        blocks: [
          {
            paragraph:
              "We werken met enkele dienstverleners (verwerkers) die persoonsgegevens alleen in onze opdracht verwerken, onder een verwerkersovereenkomst:",
          },
          {
            list: [
              "De betaaldienst (Stripe Payments Europe, Ltd., Dublin, Ierland, als kaartbetalingen via Stripe lopen) verwerkt je betalingen en betaalmethode.",
              "De e-maildienst verstuurt orderbevestigingen, facturen, herinneringen en inloglinks.",
              "De hosting- en opslagdienst draait de website, de database en de cursusmedia.",
            ],
          },
          {
            paragraph:
              "Verwerkt een dienstverlener gegevens buiten de Europese Economische Ruimte, dan doen we dat op basis van een adequaatheidsbesluit van de Europese Commissie of de EU-modelcontractbepalingen. We delen gegevens alleen met instanties als de wet ons daartoe verplicht.",
          },
        ],
      },
      {
        id: "retention",
        heading: "Hoe lang we ze bewaren",
        blocks: [
          {
            list: [
              "Je account, voortgang en beoordelingen: zolang je account bestaat. Verwijder je je account, dan worden ze verwijderd.",
              "Bestellingen en facturen: zeven jaar na afloop van het boekjaar, omdat de Nederlandse belastingwet dat eist (artikel 52 Algemene wet inzake rijksbelastingen). Na het verwijderen van je account bewaren we ze zonder je naam en e-mailadres waar de wet dat toestaat.",
              "Afrekenen als gast: de bestelgegevens zoals hierboven.",
              "Inlogsessies (van klanten en gasten): die vervallen na hooguit 30 dagen.",
            ],
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        blocks: [
          {
            paragraph:
              "We gebruiken alleen cookies die nodig zijn om de website te laten werken: een sessiecookie om je ingelogd te houden, een gastcookie na afrekenen als gast, en cookies die je taal en valuta onthouden. De winkelwagen staat in je eigen browser. We gebruiken geen tracking- of advertentiecookies en vragen daarvoor dus geen toestemming.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Je rechten",
        blocks: [
          {
            list: [
              "Inzage: vragen welke gegevens we over je hebben en een kopie ontvangen.",
              "Rectificatie: onjuiste gegevens laten verbeteren; de meeste gegevens wijzig je zelf onder Mijn account.",
              "Verwijdering: je gegevens laten wissen, behalve wat we wettelijk moeten bewaren.",
              "Beperking en bezwaar: ons vragen een gebruik van je gegevens te stoppen of te beperken, ook een gebruik op grond van ons gerechtvaardigd belang.",
              "Overdraagbaarheid: je gegevens in een machineleesbaar formaat (JSON) ontvangen.",
              "Intrekken van toestemming: een gegeven toestemming intrekken, zonder gevolg voor wat daarvoor gebeurde.",
            ],
          },
          {
            paragraph: `Met een account download je je gegevens (JSON) en verwijder je je account zelf, onder Mijn gegevens in je account. Voor elk ander recht neem je contact met ons op${contact}. We antwoorden binnen een maand en kunnen je eerst vragen te bevestigen wie je bent.`,
          },
        ],
      },
      {
        id: "security",
        heading: "Beveiliging",
        blocks: [
          {
            paragraph:
              "We beschermen je gegevens met versleutelde verbindingen (HTTPS), gehashte wachtwoorden, toegang alleen voor medewerkers die die nodig hebben, en regelmatige back-ups. Bij een datalek dat waarschijnlijk een risico voor je meebrengt, informeren we jou en de toezichthouder zoals de wet voorschrijft.",
          },
        ],
      },
      {
        id: "complaints",
        heading: "Klachten",
        blocks: [
          {
            paragraph: `Ben je niet tevreden over hoe we met je gegevens omgaan, laat het ons dan eerst weten${contact}. Je hebt ook het recht een klacht in te dienen bij de Nederlandse toezichthouder, de Autoriteit Persoonsgegevens (www.autoriteitpersoonsgegevens.nl, Postbus 93374, 2509 AJ Den Haag), of bij de toezichthouder van het EU-land waar je woont.`,
          },
        ],
      },
      {
        id: "changes",
        heading: "Wijzigingen",
        blocks: [
          {
            paragraph:
              "We kunnen deze verklaring aanpassen als onze diensten of de wet veranderen. De actuele versie staat altijd op deze pagina; over wijzigingen die voor jou belangrijk zijn, informeren we je per e-mail.",
          },
        ],
      },
    ],
  };
}
