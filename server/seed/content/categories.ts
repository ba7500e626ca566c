import type { SeedCategory } from "./types";

/**
 * Demo catalogue categories: seven top-level subjects and five sub-categories.
 * Icons are lucide-react icon names in kebab-case.
 */
export const categories: SeedCategory[] = [
  {
    slug: "mathematics",
    name: { en: "Mathematics", nl: "Wiskunde" },
    description: {
      en: "From number sense and fractions to statistics: patient, step-by-step maths that builds real understanding and confidence.",
      nl: "Van getalbegrip en breuken tot statistiek: rustige wiskunde in kleine stappen, die echt begrip en zelfvertrouwen opbouwt.",
    },
    icon: "calculator",
  },
  {
    slug: "sciences",
    name: { en: "Sciences", nl: "Natuurwetenschappen" },
    description: {
      en: "Chemistry, physics and astronomy taught through careful observation, simple experiments and a sense of wonder at creation.",
      nl: "Scheikunde, natuurkunde en sterrenkunde, geleerd door goed te kijken, eenvoudige proeven te doen en je te verwonderen over de schepping.",
    },
    icon: "flask-conical",
  },
  {
    slug: "language-literature",
    name: { en: "Language & Literature", nl: "Taal & literatuur" },
    description: {
      en: "Reading closely, writing clearly and speaking with confidence: courses in grammar, literature, rhetoric and composition.",
      nl: "Aandachtig lezen, helder schrijven en met zelfvertrouwen spreken: cursussen over grammatica, literatuur, retorica en stelvaardigheid.",
    },
    icon: "book-open-text",
  },
  {
    slug: "history-worldview",
    name: { en: "History & Worldview", nl: "Geschiedenis & wereldbeeld" },
    description: {
      en: "The story of civilisations, ideas and faith through the ages, and the tools to think carefully about the big questions of life.",
      nl: "Het verhaal van beschavingen, ideeën en geloof door de eeuwen heen, en de middelen om zorgvuldig na te denken over de grote levensvragen.",
    },
    icon: "landmark",
  },
  {
    slug: "bible-faith",
    name: { en: "Bible & Faith", nl: "Bijbel & geloof" },
    description: {
      en: "Thoughtful, warm Bible teaching for children, teens and families: reading Scripture together, understanding it and living it out.",
      nl: "Doordacht en warm bijbelonderwijs voor kinderen, tieners en gezinnen: samen de Bijbel lezen, hem begrijpen en ernaar leven.",
    },
    icon: "book-heart",
  },
  {
    slug: "arts-music",
    name: { en: "Arts & Music", nl: "Kunst & muziek" },
    description: {
      en: "Drawing, painting, art history and music theory, taught by practising artists who love helping beginners discover their gifts.",
      nl: "Tekenen, schilderen, kunstgeschiedenis en muziektheorie, gegeven door kunstenaars die beginners graag helpen hun talenten te ontdekken.",
    },
    icon: "palette",
  },
  {
    slug: "life-skills-technology",
    name: { en: "Life Skills & Technology", nl: "Levensvaardigheden & technologie" },
    description: {
      en: "Practical courses for everyday life: managing money, cooking, using technology wisely and learning to code.",
      nl: "Praktische cursussen voor het dagelijks leven: omgaan met geld, koken, verstandig met technologie omgaan en leren programmeren.",
    },
    icon: "lightbulb",
  },
  {
    slug: "algebra-geometry",
    parentSlug: "mathematics",
    name: { en: "Algebra & Geometry", nl: "Algebra & meetkunde" },
    description: {
      en: "Patterns, equations, constructions and proofs: the bridge from arithmetic to higher mathematics.",
      nl: "Patronen, vergelijkingen, constructies en bewijzen: de brug van rekenen naar hogere wiskunde.",
    },
    icon: "shapes",
  },
  {
    slug: "biology-nature",
    parentSlug: "sciences",
    name: { en: "Biology & Nature Study", nl: "Biologie & natuurstudie" },
    description: {
      en: "Plants, animals and the living world, studied outdoors and on paper with sketchbook, magnifying glass and curiosity.",
      nl: "Planten, dieren en de levende natuur, buiten en op papier bestudeerd met schetsboek, vergrootglas en nieuwsgierigheid.",
    },
    icon: "leaf",
  },
  {
    slug: "creative-writing",
    parentSlug: "language-literature",
    name: { en: "Creative Writing", nl: "Creatief schrijven" },
    description: {
      en: "Workshops in storytelling, poetry and description that help young writers find their own voice.",
      nl: "Schrijfworkshops over verhalen, poëzie en beschrijven, waarin jonge schrijvers hun eigen stem vinden.",
    },
    icon: "feather",
  },
  {
    slug: "music",
    parentSlug: "arts-music",
    name: { en: "Music", nl: "Muziek" },
    description: {
      en: "Reading music, rhythm, singing and the basics of harmony for learners of any instrument.",
      nl: "Noten lezen, ritme, zingen en de basis van harmonie voor leerlingen met elk instrument.",
    },
    icon: "music",
  },
  {
    slug: "coding",
    parentSlug: "life-skills-technology",
    name: { en: "Coding & Computing", nl: "Programmeren & computers" },
    description: {
      en: "A gentle, hands-on introduction to programming and how computers think.",
      nl: "Een rustige, praktische kennismaking met programmeren en met hoe computers denken.",
    },
    icon: "code",
  },
];
