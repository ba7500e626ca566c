/**
 * Dutch for the messages the server shows people (AppError messages, validation messages of the
 * zod schemas, action results), keyed by the exact English text, which stays as it is.
 * `{name}` stands for a value built into the English message; a value that is itself a known text
 * (e.g. a field label such as "The price") is translated too. See localize.ts.
 */
export const nl: Record<string, string> = {
  // Generic
  "Please sign in to continue.": "Log in om verder te gaan.",
  "You do not have permission to do this.": "Je hebt geen toestemming om dit te doen.",
  "The request is not valid.": "Het verzoek is niet geldig.",
  "Something went wrong on our side.": "Er ging bij ons iets mis.",
  "This request came from another site and was refused.":
    "Dit verzoek kwam van een andere site en is geweigerd.",
  "Please check the highlighted fields.": "Controleer de gemarkeerde velden.",
  "Please check the form.": "Controleer het formulier.",
  "Unknown action.": "Onbekende actie.",
  "Unknown form.": "Onbekend formulier.",
  "Unknown page.": "Onbekende pagina.",
  "Too many attempts. Please wait {minutes} minute and try again.":
    "Te veel pogingen. Wacht {minutes} minuut en probeer het opnieuw.",
  "Too many attempts. Please wait {minutes} minutes and try again.":
    "Te veel pogingen. Wacht {minutes} minuten en probeer het opnieuw.",
  "The request holds a NUL character (%00), which no field accepts: please remove it.":
    "Het verzoek bevat een NUL-teken (%00), dat geen enkel veld accepteert: verwijder het.",
  "The request has no Host header: please send one.": "Het verzoek heeft geen Host-header: stuur er een mee.",
  'No company "{id}" exists.': 'Er bestaat geen school "{id}".',
  "No company has been set up yet.": "Er is nog geen school ingericht.",
  "School not found": "School niet gevonden",
  "No school is served at this address.": "Op dit adres is geen school te vinden.",
  // zod's own English messages, for fields without a message of ours
  "Invalid input": "Ongeldige invoer",
  "Invalid input: expected {expected}, received {received}":
    "Ongeldige invoer: verwacht {expected}, ontvangen {received}",
  "Invalid option: expected one of {options}": "Ongeldige optie: verwacht een van {options}",
  "Too small: expected {what} to have {size} {unit}": "Te klein: {what} moet {size} {unit} hebben",
  "Too small: expected {what} to be {size}": "Te klein: {what} moet {size} zijn",
  "Too big: expected {what} to have {size} {unit}": "Te groot: {what} mag {size} {unit} hebben",
  "Too big: expected {what} to be {size}": "Te groot: {what} moet {size} zijn",
  "Unrecognized key: {key}": "Onbekende sleutel: {key}",
  "Unrecognized keys: {keys}": "Onbekende sleutels: {keys}",
  "Invalid email address": "Ongeldig e-mailadres",
  "Invalid UUID": "Ongeldige UUID",
  "Invalid URL": "Ongeldige URL",
  characters: "tekens",
  "The search text must have at most 200 characters": "De zoektekst mag hoogstens 200 tekens hebben",
  // International › Translations
  "Please choose a language": "Kies een taal",
  "The language is a two-letter ISO code, e.g. nl": "De taal is een ISO-code van twee letters, bijv. nl",
  "Please give the key of the text": "Geef de sleutel van de tekst op",
  "The key must have at most 200 characters": "De sleutel mag hoogstens 200 tekens hebben",
  "Please enter the text": "Vul de tekst in",
  "Please enter the text (or reset it to the default)":
    "Vul de tekst in (of zet hem terug naar de standaardtekst)",
  "The text must have at most 2000 characters": "De tekst mag hoogstens 2000 tekens hebben",
  '"{language}" is not one of this school\'s languages ({languages}).':
    '"{language}" is geen taal van deze school ({languages}).',
  'There is no interface text with the key "{key}". Search the list for the text you want to change.':
    'Er is geen interfacetekst met de sleutel "{key}". Zoek in de lijst de tekst die u wilt wijzigen.',
  "The text must keep exactly the placeholders of the default text. Missing: {missing}.":
    "De tekst moet precies de plaatshouders van de standaardtekst behouden. Ontbreekt: {missing}.",
  "The text must keep exactly the placeholders of the default text. Not in the default: {extra}.":
    "De tekst moet precies de plaatshouders van de standaardtekst behouden. Niet in de standaardtekst: {extra}.",
  "The text must keep exactly the placeholders of the default text. Missing: {missing}. Not in the default: {extra}.":
    "De tekst moet precies de plaatshouders van de standaardtekst behouden. Ontbreekt: {missing}. Niet in de standaardtekst: {extra}.",
  "The entity must have at most 60 characters": "Het onderdeel mag hoogstens 60 tekens hebben",

  // Passwords and sign-in
  "You must specify a password": "Vul een wachtwoord in",
  "Password must have at least 8 characters": "Het wachtwoord moet minstens 8 tekens hebben",
  "Password must have at most {max} characters": "Het wachtwoord mag hoogstens {max} tekens hebben",
  "The passwords do not match": "De wachtwoorden komen niet overeen",
  "This password reset link is not valid. Please request a new one.":
    "Deze link om je wachtwoord opnieuw in te stellen is niet geldig. Vraag een nieuwe aan.",
  "This password reset link has expired. Please request a new one.":
    "Deze link om je wachtwoord opnieuw in te stellen is verlopen. Vraag een nieuwe aan.",
  "This password reset link has already been used. Please request a new one.":
    "Deze link om je wachtwoord opnieuw in te stellen is al gebruikt. Vraag een nieuwe aan.",
  "If an account exists for this email address, we have sent a link to reset the password.":
    "Als er een account met dit e-mailadres bestaat, hebben we een link gestuurd om het wachtwoord opnieuw in te stellen.",
  "Invalid email or password.": "Onjuist e-mailadres of wachtwoord.",
  "This confirmation link is not valid.": "Deze bevestigingslink is niet geldig.",
  "School not available": "School niet beschikbaar",
  "This school is not available at the moment.": "Deze school is op dit moment niet beschikbaar.",
  "Please sign in as a platform operator to continue.": "Log in als platformbeheerder om verder te gaan.",
  "A school with this address name already exists.": "Er bestaat al een school met deze adresnaam.",
  "The default school cannot be suspended.": "De standaardschool kan niet worden opgeschort.",
  "No such school exists.": "Deze school bestaat niet.",
  "You have been signed out.": "Je bent uitgelogd.",
  "Please enter the school's address name": "Vul de adresnaam van de school in",
  "The address name must have 2 to 40 characters": "De adresnaam moet 2 tot 40 tekens hebben",
  "Use lower-case letters, digits and hyphens, starting and ending with a letter or digit":
    "Gebruik kleine letters, cijfers en koppeltekens, en begin en eindig met een letter of cijfer",
  "This address name is reserved for the platform": "Deze adresnaam is gereserveerd voor het platform",
  "Please enter the school's name": "Vul de naam van de school in",
  "The school's name must have at most 120 characters":
    "De naam van de school mag hoogstens 120 tekens hebben",
  "Please choose a valid school": "Kies een geldige school",
  "Please enter a hostname": "Vul een hostnaam in",
  "A hostname has at most 253 characters": "Een hostnaam heeft hoogstens 253 tekens",
  "This confirmation link has expired. Sign in to receive a new one.":
    "Deze bevestigingslink is verlopen. Log in om een nieuwe te krijgen.",
  "This confirmation link has already been used.": "Deze bevestigingslink is al gebruikt.",
  "Your earlier purchases are now in your account.": "Je eerdere aankopen staan nu in je account.",
  "This sign-in link is not valid. Please ask for a new one.":
    "Deze inloglink is niet geldig. Vraag een nieuwe aan.",
  "This sign-in link has expired. Please ask for a new one.":
    "Deze inloglink is verlopen. Vraag een nieuwe aan.",
  "This sign-in link has already been used. Please ask for a new one.":
    "Deze inloglink is al gebruikt. Vraag een nieuwe aan.",
  "If we know this email address, we have sent a link to sign in.":
    "Als we dit e-mailadres kennen, hebben we een link gestuurd om in te loggen.",
  "An account with this email address already has a password. Sign in to it; the link we mailed there adds these purchases.":
    "Er bestaat al een account met een wachtwoord voor dit e-mailadres. Log daarop in; met de link die we daar naartoe hebben gestuurd, voeg je deze aankopen toe.",
  "Please enter an email address": "Vul een e-mailadres in",
  "The email address is too long": "Het e-mailadres is te lang",
  "Please enter a valid email address": "Vul een geldig e-mailadres in",
  "Please enter your password": "Vul je wachtwoord in",
  "Please enter your current password": "Vul je huidige wachtwoord in",
  "Your current password is not correct.": "Je huidige wachtwoord klopt niet.",
  "The reset link is not valid.": "De herstellink is niet geldig.",
  "Your password has been successfully changed": "Je wachtwoord is gewijzigd",
  "Your password has been changed.": "Je wachtwoord is gewijzigd.",
  "Please accept the terms and conditions": "Accepteer de algemene voorwaarden",

  // Catalogue
  '{name}: language codes look like "en" or "nl"': '{name}: taalcodes zien eruit als "en" of "nl"',
  "{name} must have at most {max} characters": "{name} mag hoogstens {max} tekens hebben",
  "each {name} must have at most 300 characters": "elk(e) {name} mag hoogstens 300 tekens hebben",
  "Please enter the {name} in English": "Vul de {name} in het Engels in",
  "The slug must have at most 120 characters": "De slug mag hoogstens 120 tekens hebben",
  "The slug may only hold lower-case letters, digits and hyphens (e.g. intro-to-algebra)":
    "De slug mag alleen kleine letters, cijfers en koppeltekens bevatten (bijv. intro-to-algebra)",
  "{name} must be an amount in cents": "{name} moet een bedrag in centen zijn",
  "{name} must be a whole number of cents": "{name} moet een geheel aantal centen zijn",
  "{name} cannot be negative": "{name} kan niet negatief zijn",
  "{name} is too large": "{name} is te groot",
  "The price": "De prijs",
  "The sale price": "De actieprijs",
  title: "titel",
  summary: "samenvatting",
  description: "beschrijving",
  outcome: "leerdoel",
  "lesson title": "lestitel",
  name: "naam",
  value: "waarde",
  "display name": "weergavenaam",
  "page text": "paginatekst",
  question: "vraag",
  answer: "antwoord",
  subject: "onderwerp",
  body: "tekst",
  "The id must be a UUID": "Het id moet een UUID zijn",
  "The lesson id must be a UUID": "Het les-id moet een UUID zijn",
  "Each id must be a UUID": "Elk id moet een UUID zijn",
  "Every id must be a UUID": "Elk id moet een UUID zijn",
  "Choose a category": "Kies een categorie",
  "Choose a level": "Kies een niveau",
  "The instructor must have at most 120 characters": "De docent mag hoogstens 120 tekens hebben",
  "Total seats must be a whole number": "Het aantal plaatsen moet een geheel getal zijn",
  "Total seats must be at least 1 (leave it empty for no limit)":
    "Het aantal plaatsen moet minstens 1 zijn (laat het leeg voor geen limiet)",
  "Instalments must be a whole number": "Het aantal termijnen moet een geheel getal zijn",
  "Instalments must be between 2 and 12 (leave it empty for payment in full)":
    "Het aantal termijnen moet tussen 2 en 12 liggen (laat het leeg voor betaling in één keer)",
  "The badge must be popular or best": "Het label moet popular of best zijn",
  "Choose at least one course": "Kies minstens één cursus",
  "The video link must be an https:// address": "De videolink moet een https://-adres zijn",
  "The duration must be a whole number of seconds": "De duur moet een geheel aantal seconden zijn",
  "The duration cannot be negative": "De duur kan niet negatief zijn",
  "A lesson lasts at most 24 hours": "Een les duurt hoogstens 24 uur",
  "Choose a parent category": "Kies een bovenliggende categorie",
  "The option type must be dropdown, radio or variants":
    "Het optietype moet dropdown, radio of variants zijn",
  "An attribute has at most 100 values": "Een kenmerk heeft hoogstens 100 waarden",
  "{name} must be a whole number {range}": "{name} moet een geheel getal {range} zijn",
  "at least {min}": "van minstens {min}",
  "between {min} and {max}": "tussen {min} en {max}",
  "{name} must be one of {options}": "{name} moet een van {options} zijn",
  "{name} must not be empty": "{name} mag niet leeg zijn",
  "This category still has courses or sub-categories. Move or delete them first, then delete the category.":
    "Deze categorie heeft nog cursussen of subcategorieën. Verplaats of verwijder die eerst en verwijder daarna de categorie.",
  "Another category already uses this slug. Choose a different one.":
    "Een andere categorie gebruikt deze slug al. Kies een andere.",
  "Choose one of your categories as parent.": "Kies een van je categorieën als bovenliggende categorie.",
  "A category cannot be its own parent or sit under one of its sub-categories.":
    "Een categorie kan niet onder zichzelf of onder een van haar subcategorieën staan.",
  "This course has orders or enrolled learners, so it cannot be deleted. Unpublish it instead.":
    "Deze cursus heeft bestellingen of ingeschreven cursisten en kan daarom niet worden verwijderd. Zet hem in plaats daarvan offline.",
  "Another course already uses this slug. Choose a different one.":
    "Een andere cursus gebruikt deze slug al. Kies een andere.",
  "Choose one of your categories.": "Kies een van je categorieën.",
  "Choose values of published attributes only.": "Kies alleen waarden van gepubliceerde kenmerken.",
  "The sale price must be lower than the price.": "De actieprijs moet lager zijn dan de prijs.",
  "Total seats cannot be lower than the {sold} seats already sold.":
    "Het aantal plaatsen kan niet lager zijn dan de {sold} al verkochte plaatsen.",
  "Some of these courses do not exist.": "Sommige van deze cursussen bestaan niet.",
  "Send every lesson of the course exactly once, in the new order.":
    "Stuur elke les van de cursus precies één keer, in de nieuwe volgorde.",
  'No course "{id}" exists.': 'Er bestaat geen cursus "{id}".',
  'No lesson "{id}" in this course.': 'Er is geen les "{id}" in deze cursus.',
  'No lesson "{id}" exists.': 'Er bestaat geen les "{id}".',
  'No attribute "{id}" exists.': 'Er bestaat geen kenmerk "{id}".',
  'No category "{id}" exists.': 'Er bestaat geen categorie "{id}".',

  // Checkout and coupons
  "Choose at least one course.": "Kies minstens één cursus.",
  "A checkout holds at most {max} courses.": "Een bestelling bevat hoogstens {max} cursussen.",
  "A course can be in the cart only once.": "Een cursus kan maar één keer in de winkelwagen zitten.",
  "Enter your name.": "Vul je naam in.",
  "Enter a valid email address.": "Vul een geldig e-mailadres in.",
  "Enter the card number (digits only).": "Vul het kaartnummer in (alleen cijfers).",
  "Enter a valid expiry month.": "Vul een geldige vervalmaand in.",
  "Enter a valid expiry year.": "Vul een geldig vervaljaar in.",
  "Enter the 3-digit security code (CVC).": "Vul de beveiligingscode van 3 cijfers (CVC) in.",
  "You already own this course.": "Je hebt deze cursus al.",
  "Sign in, or continue as a guest with your name and email, to check out.":
    "Log in, of ga verder als gast met je naam en e-mailadres, om af te rekenen.",
  "This Idempotency-Key belongs to another order.": "Deze Idempotency-Key hoort bij een andere bestelling.",
  "The payment failed.": "De betaling is mislukt.",
  "The amount paid does not match the order.": "Het betaalde bedrag komt niet overeen met de bestelling.",
  "This course is no longer available.": "Deze cursus is niet meer beschikbaar.",
  "These courses cannot be paid in instalments.": "Deze cursussen kunnen niet in termijnen worden betaald.",
  "These courses can be paid in {count} instalments.":
    "Deze cursussen kunnen in {count} termijnen worden betaald.",
  "Your password is not correct.": "Je wachtwoord klopt niet.",
  "Enter your password to confirm.": "Vul je wachtwoord in om te bevestigen.",
  "You still have instalments to pay. Pay them or contact us before you delete your account.":
    "Je hebt nog termijnen te betalen. Betaal ze of neem contact met ons op voordat je je account verwijdert.",
  "Your account has been deleted.": "Je account is verwijderd.",
  "Please accept the general terms and conditions to place your order.":
    "Ga akkoord met de algemene voorwaarden om je bestelling te plaatsen.",
  "Please confirm that you want access straight away and that you then lose your right of withdrawal.":
    "Bevestig dat je direct toegang wilt en dat je dan je herroepingsrecht verliest.",
  "Please accept the payment plan agreement to pay in instalments.":
    "Accepteer de overeenkomst betalingsregeling om in termijnen te betalen.",
  "This order has already been paid.": "Deze bestelling is al betaald.",
  "This order has expired. Please check out again.": "Deze bestelling is verlopen. Reken opnieuw af.",
  "This order does not exist.": "Deze bestelling bestaat niet.",
  "This coupon code is not valid.": "Deze kortingscode is niet geldig.",
  "This coupon is not valid yet.": "Deze kortingscode is nog niet geldig.",
  "This coupon has expired.": "Deze kortingscode is verlopen.",
  "Spend at least {minimum} to use this coupon.":
    "Besteed minstens {minimum} om deze kortingscode te gebruiken.",
  "An account with this email address already exists. Please sign in to check out.":
    "Er bestaat al een account met dit e-mailadres. Log in om af te rekenen.",
  "Sorry, this course is sold out.": "Helaas, deze cursus is uitverkocht.",
  "Your card was declined.": "Je kaart is geweigerd.",
  "Use a test card number: 4242 4242 4242 4242 (payment succeeds) or 4000 0000 0000 0002 (card is declined).":
    "Gebruik een testkaartnummer: 4242 4242 4242 4242 (betaling lukt) of 4000 0000 0000 0002 (kaart wordt geweigerd).",
  "Enter your card details.": "Vul je kaartgegevens in.",
  "Your card has expired. Check the expiry date.": "Je kaart is verlopen. Controleer de vervaldatum.",
  "Stripe payments are not configured.": "Betalingen via Stripe zijn niet ingesteld.",

  // Coupons (admin)
  "The campaign name must have at most 120 characters": "De campagnenaam mag hoogstens 120 tekens hebben",
  "Please enter a campaign name": "Vul een campagnenaam in",
  "Please enter a coupon code": "Vul een kortingscode in",
  "The coupon code must have at least 3 characters": "De kortingscode moet minstens 3 tekens hebben",
  "The coupon code must have at most 30 characters": "De kortingscode mag hoogstens 30 tekens hebben",
  "The coupon code may only hold letters, digits, - and _":
    "De kortingscode mag alleen letters, cijfers, - en _ bevatten",
  "The banner image must be an uploaded image": "De bannerafbeelding moet een geüploade afbeelding zijn",
  "The discount must be a whole number": "De korting moet een geheel getal zijn",
  "The minimum amount must be a whole number of cents":
    "Het minimumbedrag moet een geheel aantal centen zijn",
  "The minimum amount cannot be negative": "Het minimumbedrag kan niet negatief zijn",
  "The minimum amount is too large": "Het minimumbedrag is te groot",
  "The end date must be after the start date": "De einddatum moet na de begindatum liggen",
  "A percentage discount must be between 1 and 100": "Een procentuele korting moet tussen 1 en 100 liggen",
  "A fixed discount must be at least 1 cent": "Een vaste korting moet minstens 1 cent zijn",
  "The coupon id must be a UUID": "Het id van de kortingscode moet een UUID zijn",
  "Choose at least one coupon": "Kies minstens één kortingscode",
  "A coupon with this code already exists.": "Er bestaat al een kortingscode met deze code.",
  "No such coupon exists.": "Deze kortingscode bestaat niet.",
  "{count} coupons deleted.": "{count} kortingscodes verwijderd.",
  "The coupon has been deleted.": "De kortingscode is verwijderd.",

  // Customers
  "Please enter a name": "Vul een naam in",
  "The name must have at most 120 characters": "De naam mag hoogstens 120 tekens hebben",
  "The name must have at most 100 characters": "De naam mag hoogstens 100 tekens hebben",
  "The phone number must have at most 40 characters": "Het telefoonnummer mag hoogstens 40 tekens hebben",
  "The phone number may only hold digits, spaces and + ( ) . -":
    "Het telefoonnummer mag alleen cijfers, spaties en + ( ) . - bevatten",
  "The address must have at most 500 characters": "Het adres mag hoogstens 500 tekens hebben",
  "No such customer exists.": "Deze klant bestaat niet.",
  "{count} customers imported.": "{count} klanten geïmporteerd.",
  "The customer has been deleted.": "De klant is verwijderd.",
  "The image address is too long": "Het adres van de afbeelding is te lang",
  "The image must be a web address (https://…) or a path on this site":
    "De afbeelding moet een webadres (https://…) of een pad op deze site zijn",
  "The customer id must be a UUID": "Het klant-id moet een UUID zijn",
  "The list is empty": "De lijst is leeg",
  "At most {max} customers per import": "Hoogstens {max} klanten per import",
  "{name} must be an ISO 8601 date": "{name} moet een ISO 8601-datum zijn",
  "A customer with this email address already exists.": "Er bestaat al een klant met dit e-mailadres.",
  "An account with this email address already exists. Please sign in.":
    "Er bestaat al een account met dit e-mailadres. Log in.",
  "The email address is also in entry {entry}.": "Het e-mailadres staat ook in regel {entry}.",
  "A customer with this email already exists.": "Er bestaat al een klant met dit e-mailadres.",
  "{problems} of {total} customers cannot be imported (entry {entry}: {message}). Nothing was imported.":
    "{problems} van {total} klanten kunnen niet worden geïmporteerd (regel {entry}: {message}). Er is niets geïmporteerd.",
  "This customer has orders or courses and cannot be deleted: their invoices must be kept.":
    "Deze klant heeft bestellingen of cursussen en kan niet worden verwijderd: de facturen moeten bewaard blijven.",

  // Content
  "Please enter the {label}": "Vul de {label} in",
  "The {label} must have at most {max} characters": "De {label} mag hoogstens {max} tekens hebben",
  "Language codes are two lowercase letters": "Taalcodes zijn twee kleine letters",
  "Language codes look like en or nl": "Taalcodes zien eruit als en of nl",
  "The subject must have at most 200 characters": "Het onderwerp mag hoogstens 200 tekens hebben",
  "The body must have at most 20000 characters": "De tekst mag hoogstens 20000 tekens hebben",
  "Unknown placeholder: {unknown}. Use {known}.": "Onbekende plaatsaanduiding: {unknown}. Gebruik {known}.",
  "The text must contain {missing}.": "De tekst moet {missing} bevatten.",
  "Please enter the subject": "Vul het onderwerp in",
  'No question "{id}" exists.': 'Er bestaat geen vraag "{id}".',
  'No published page "{slug}".': 'Er is geen gepubliceerde pagina "{slug}".',
  "The page must be one of {options}": "De pagina moet een van {options} zijn",

  // Languages and currencies
  "Please enter the ISO code": "Vul de ISO-code in",
  "The ISO code is two letters, e.g. nl": "De ISO-code bestaat uit twee letters, bijv. nl",
  "Please enter the language code": "Vul de taalcode in",
  "The language code looks like nl-NL": "De taalcode ziet eruit als nl-NL",
  "The flag must have at most 16 characters": "De vlag mag hoogstens 16 tekens hebben",
  "The exchange rate must be a number greater than 0": "De wisselkoers moet een getal groter dan 0 zijn",
  "The exchange rate must be a number greater than 0 with at most 8 decimals":
    "De wisselkoers moet een getal groter dan 0 zijn met hoogstens 8 decimalen",
  "The ISO code is three letters, e.g. EUR": "De ISO-code bestaat uit drie letters, bijv. EUR",
  "English is the fallback language: it cannot be unpublished or deleted.":
    "Engels is de terugvaltaal: die kan niet offline gezet of verwijderd worden.",
  "The shop currency cannot be disabled or deleted.":
    "De valuta van de winkel kan niet uitgeschakeld of verwijderd worden.",
  'A language with ISO code "{code}" already exists.': 'Er bestaat al een taal met ISO-code "{code}".',
  'A currency with ISO code "{code}" already exists.': 'Er bestaat al een valuta met ISO-code "{code}".',
  'No language "{id}" exists.': 'Er bestaat geen taal "{id}".',
  'No currency "{id}" exists.': 'Er bestaat geen valuta "{id}".',

  // Learning and media
  // Quizzes and certificates
  "Only learners enrolled in this course can take its quizzes.":
    "Alleen cursisten die zijn ingeschreven voor deze cursus kunnen de toetsen maken.",
  "This lesson has no quiz.": "Deze les heeft geen toets.",
  "A quiz is completed by passing it.": "Een toets rond je af door ervoor te slagen.",
  "No certificate with this code exists.": "Er bestaat geen certificaat met deze code.",
  'No lesson "{id}" exists in this course.': 'Er bestaat geen les "{id}" in deze cursus.',
  "Answer every question before you submit the quiz. Question {number} has no answer.":
    "Beantwoord alle vragen voordat je de toets verstuurt. Vraag {number} heeft geen antwoord.",
  "Answer every question before you submit the quiz. The answer to question {number} does not fit it.":
    "Beantwoord alle vragen voordat je de toets verstuurt. Het antwoord op vraag {number} past niet bij de vraag.",
  'The quiz has no question "{id}".': 'De toets heeft geen vraag "{id}".',
  "A question has at most {max} options": "Een vraag heeft hoogstens {max} opties",
  "A question has at most {max} accepted answers": "Een vraag heeft hoogstens {max} goedgekeurde antwoorden",
  "correct must be true or false": "correct moet waar of niet waar zijn",
  "answer must be true or false": "answer moet waar of niet waar zijn",
  "kind must be single, multiple, true-false or short-answer":
    "kind moet single, multiple, true-false of short-answer zijn",
  "An accepted answer cannot be empty": "Een goedgekeurd antwoord mag niet leeg zijn",
  "A choice question needs at least two options": "Een meerkeuzevraag heeft minstens twee opties nodig",
  "Mark exactly one option as the right answer": "Markeer precies één optie als het juiste antwoord",
  "Mark at least one option as a right answer": "Markeer minstens één optie als een juist antwoord",
  "Choose whether the statement is true or false": "Kies of de bewering waar of niet waar is",
  "Give at least one accepted answer": "Geef minstens één goedgekeurd antwoord",
  "The pass mark must be a whole percentage from 0 to 100":
    "De cesuur moet een geheel percentage van 0 tot 100 zijn",
  "A quiz needs at least one question": "Een toets heeft minstens één vraag nodig",
  "A quiz has at most {max} questions": "Een toets heeft hoogstens {max} vragen",
  "An answer has at most {max} characters": "Een antwoord heeft hoogstens {max} tekens",
  "answers are keyed by question id": "answers gebruikt vraag-id's als sleutels",
  "A certificate code has at most {max} characters": "Een certificaatcode heeft hoogstens {max} tekens",
  "A question id must be a UUID": "Een vraag-id moet een UUID zijn",
  "An option id must be a UUID": "Een optie-id moet een UUID zijn",
  "answer option": "antwoordoptie",
  "Only learners enrolled in this course can keep track of their progress.":
    "Alleen cursisten die voor deze cursus zijn ingeschreven, kunnen hun voortgang bijhouden.",
  "Only learners enrolled in this course can review it.":
    "Alleen cursisten die voor deze cursus zijn ingeschreven, kunnen er een beoordeling over geven.",
  "You have already reviewed this course.": "Je hebt deze cursus al beoordeeld.",
  "Please choose a JPEG, WebP or PNG image.": "Kies een JPEG-, WebP- of PNG-afbeelding.",
  "The image must be at most 5 MB.": "De afbeelding mag hoogstens 5 MB zijn.",
  "No such image exists.": "Deze afbeelding bestaat niet.",
  "This lesson is for learners enrolled in the course.":
    "Deze les is voor cursisten die voor de cursus zijn ingeschreven.",
  "Please sign in to watch this lesson.": "Log in om deze les te bekijken.",
  "This lesson has no video yet.": "Deze les heeft nog geen video.",
  "The video must be a WebM or MP4 file.": "De video moet een WebM- of MP4-bestand zijn.",
  "The {what} may be at most {size} MB.": "De {what} mag hoogstens {size} MB zijn.",
  image: "afbeelding",
  "The upload is empty: choose an image file.": "De upload is leeg: kies een afbeeldingsbestand.",
  "The upload is empty: choose a video file.": "De upload is leeg: kies een videobestand.",
  "The video upload was interrupted.": "Het uploaden van de video is onderbroken.",
  'No invoice "{id}" exists.': 'Er bestaat geen factuur "{id}".',
  'No credit note "{id}" exists.': 'Er bestaat geen creditnota "{id}".',
  'The value "{value}" is listed twice: each value can be listed only once':
    'De waarde "{value}" staat er twee keer in: elke waarde mag maar één keer voorkomen',
  "Choose one value for {name}.": "Kies één waarde voor {name}.",

  // Orders
  "{name} must be a whole number between {min} and {max}":
    "{name} moet een geheel getal tussen {min} en {max} zijn",
  "This order was paid through {provider}, which is not set up here, so it cannot be refunded.":
    "Deze bestelling is betaald via {provider}, dat hier niet is ingesteld, dus kan niet worden terugbetaald.",
  "This order is already {status}.": "Deze bestelling is al {status}.",
  "Giving money back needs the Refunds permission. Ask an administrator to do it or to change your role.":
    "Geld teruggeven vereist de toestemming Terugbetalingen. Vraag een beheerder dit te doen of je rol aan te passen.",
  "This order has not been paid. Mark it as paid (bank transfer or cash) before marking it Delivered.":
    "Deze bestelling is niet betaald. Markeer haar als betaald (bankoverschrijving of contant) voordat je haar als Geleverd markeert.",
  "Nothing is left to pay on this order.": "Op deze bestelling hoeft niets meer betaald te worden.",
  "A cancelled order cannot be marked as paid.":
    "Een geannuleerde bestelling kan niet als betaald worden gemarkeerd.",
  "method must be bank_transfer or cash": "method moet bank_transfer of cash zijn",
  "Enter the payment's reference": "Vul de referentie van de betaling in",
  "The reference must have at most 100 characters": "De referentie mag hoogstens 100 tekens hebben",
  "The shop currency cannot be changed once the shop has orders: prices, past orders and reports stay in the current currency. Offer other currencies to buyers under International → Currencies instead.":
    "De winkelvaluta kan niet meer worden gewijzigd zodra de winkel bestellingen heeft: prijzen, eerdere bestellingen en rapporten blijven in de huidige valuta. Bied kopers in plaats daarvan andere valuta aan onder Internationaal → Valuta.",
  "A refund cannot be more than what was paid and not refunded yet.":
    "Een terugbetaling kan niet hoger zijn dan wat betaald en nog niet terugbetaald is.",
  "amountCents must be a whole number of cents above 0":
    "amountCents moet een geheel aantal centen boven 0 zijn",
  "Enter the reason for the refund": "Vul de reden van de terugbetaling in",
  "amountCents must be at most 100000000": "amountCents mag hoogstens 100000000 zijn",
  "This order has no confirmation to send yet: it has no invoice until it is paid and delivered.":
    "Voor deze bestelling is nog geen bevestiging te versturen: er is pas een factuur als ze betaald en geleverd is.",
  "The confirmation with the invoice is on its way to {email}.":
    "De bevestiging met de factuur is onderweg naar {email}.",
  "A cancelled order cannot be changed.": "Een geannuleerde bestelling kan niet worden gewijzigd.",
  "A {from} order can only be changed to {allowed}, not to {to}.":
    "Een bestelling met status {from} kan alleen naar {allowed} worden gewijzigd, niet naar {to}.",
  Pending: "In afwachting",
  Processing: "In behandeling",
  Delivered: "Geleverd",
  Cancel: "Geannuleerd",
  "Processing or Cancel": "In behandeling of Geannuleerd",
  "Delivered or Cancel": "Geleverd of Geannuleerd",
  "{name} must be a date as YYYY-MM-DD": "{name} moet een datum zijn als JJJJ-MM-DD",
  "{name} is not a valid date": "{name} is geen geldige datum",
  "Choose at least one line to return.": "Kies minstens één regel om te retourneren.",
  "Choose at least one course to return.": "Kies minstens één cursus om te retourneren.",
  "A return holds at most 50 lines.": "Een retour bevat hoogstens 50 regels.",
  "A line can be returned only once.": "Een regel kan maar één keer worden geretourneerd.",
  "The reason must have at most 500 characters": "De reden mag hoogstens 500 tekens hebben",
  "Item returned in this bill.": "Artikel geretourneerd op deze rekening.",
  "This Order Already had return items!": "Deze bestelling heeft al geretourneerde artikelen!",
  "This order was changed by someone else just now. Reload it and try again.":
    "Deze bestelling is zojuist door iemand anders gewijzigd. Laad haar opnieuw en probeer het nog eens.",
  "Only processing or delivered orders can have items returned.":
    "Alleen bestellingen die in behandeling of geleverd zijn, kunnen artikelen retour krijgen.",
  "Some of these lines are not part of this order.":
    "Sommige van deze regels horen niet bij deze bestelling.",
  "Choose a status.": "Kies een status.",

  // Settings
  "{label} must be text": "{label} moet tekst zijn",
  "{label} must have at most {max} characters": "{label} mag hoogstens {max} tekens hebben",
  "{label} must start with https://, http:// or /": "{label} moet beginnen met https://, http:// of /",
  "Please enter the shop name": "Vul de naam van de winkel in",
  "The shop name must have at most 120 characters": "De naam van de winkel mag hoogstens 120 tekens hebben",
  "The logo": "Het logo",
  "The company name": "De bedrijfsnaam",
  "The VAT number": "Het btw-nummer",
  "Address line 1": "Adresregel 1",
  "Address line 2": "Adresregel 2",
  "Address line 3": "Adresregel 3",
  "The contact number": "Het contactnummer",
  "The second contact number": "Het tweede contactnummer",
  "The email must have at most 254 characters": "Het e-mailadres mag hoogstens 254 tekens hebben",
  "The website": "De website",
  "The default language must be a two-letter language code":
    "De standaardtaal moet een taalcode van twee letters zijn",
  "The currency must be a three-letter ISO code": "De valuta moet een ISO-code van drie letters zijn",
  "Please choose a time zone": "Kies een tijdzone",
  "Please choose a valid time zone": "Kies een geldige tijdzone",
  "The receipt footer": "De voettekst van de bon",
  "The invoice prefix": "Het factuurvoorvoegsel",
  "The start value must be a whole number of at least 1":
    "De startwaarde moet een geheel getal van minstens 1 zijn",
  "The start value must be at most 999999999": "De startwaarde mag hoogstens 999999999 zijn",
  "The length must be a whole number between 1 and 20": "De lengte moet een geheel getal tussen 1 en 20 zijn",
  "The publishable key must have at most 300 characters":
    "De publieke sleutel mag hoogstens 300 tekens hebben",
  "The publishable key starts with pk_test_ or pk_live_":
    "De publieke sleutel begint met pk_test_ of pk_live_",
  "The meta title": "De metatitel",
  "The meta description": "De metabeschrijving",
  "The meta keywords": "De metatrefwoorden",
  "The analytics id": "Het analytics-id",
  "The chat widget id": "Het id van de chatwidget",
  "The secret key": "De geheime sleutel",
  "The secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_":
    "De geheime sleutel begint met sk_test_, sk_live_, rk_test_ of rk_live_",
  "The webhook secret": "Het webhookgeheim",
  "The webhook secret starts with whsec_": "Het webhookgeheim begint met whsec_",
  "The publishable key and the secret key must both be test keys or both be live keys":
    "De publieke sleutel en de geheime sleutel moeten allebei testsleutels of allebei livesleutels zijn",
  "Enter the publishable key too: the payment page needs it beside the secret key":
    "Vul ook de publieke sleutel in: de betaalpagina heeft die naast de geheime sleutel nodig",
  "Secret keys cannot be saved on this server yet: set SETTINGS_ENCRYPTION_KEY (32 random bytes in base64, e.g. from: openssl rand -base64 32) in the environment and restart.":
    "Geheime sleutels kunnen op deze server nog niet worden opgeslagen: stel SETTINGS_ENCRYPTION_KEY (32 willekeurige bytes in base64, bijvoorbeeld van: openssl rand -base64 32) in de omgeving in en start de app opnieuw.",
  "Please enter a label for every link": "Vul voor elke link een label in",
  "A link label must have at most 60 characters": "Een linklabel mag hoogstens 60 tekens hebben",
  "A link address": "Een linkadres",
  "Please enter an address for every link": "Vul voor elke link een adres in",
  "Please enter a title for every footer column": "Vul voor elke voettekstkolom een titel in",
  "A footer column has at most 12 links": "Een voettekstkolom heeft hoogstens 12 links",
  "An image must be a site path or an https:// address":
    "Een afbeelding moet een pad op de site of een https://-adres zijn",
  "Choose at most 12 featured categories": "Kies hoogstens 12 uitgelichte categorieën",
  "The header has room for at most 8 links": "De kop heeft ruimte voor hoogstens 8 links",
  "The footer has room for at most 4 columns": "De voettekst heeft ruimte voor hoogstens 4 kolommen",

  // Staff
  "The Super Admin role always has full access: its permissions cannot be lowered.":
    "De rol Super Admin heeft altijd volledige toegang: de rechten ervan kunnen niet worden verlaagd.",
  "This role does not exist.": "Deze rol bestaat niet.",
  "Please sign in as staff to continue.": "Log in als medewerker om verder te gaan.",
  "No such staff member exists.": "Deze medewerker bestaat niet.",
  "This staff account is inactive. Please ask an administrator to activate it.":
    "Dit medewerkersaccount is niet actief. Vraag een beheerder om het te activeren.",
  "Staff accounts can only be created with an invitation from an administrator. Please ask an administrator of the school to invite you.":
    "Medewerkersaccounts kunnen alleen met een uitnodiging van een beheerder worden aangemaakt. Vraag een beheerder van de school om je uit te nodigen.",
  "This invitation link is not valid. Please ask an administrator for a new invitation.":
    "Deze uitnodigingslink is niet geldig. Vraag een beheerder om een nieuwe uitnodiging.",
  "This invitation has expired. Please ask an administrator for a new invitation.":
    "Deze uitnodiging is verlopen. Vraag een beheerder om een nieuwe uitnodiging.",
  "This invitation has already been used. Please sign in.": "Deze uitnodiging is al gebruikt. Log in.",
  "Please sign up with the email address the invitation was sent to.":
    "Meld je aan met het e-mailadres waar de uitnodiging naartoe is gestuurd.",
  "A staff member with this email address already exists.":
    "Er bestaat al een medewerker met dit e-mailadres.",
  "Your account has been created. An administrator must activate it before you can sign in.":
    "Je account is aangemaakt. Een beheerder moet het activeren voordat je kunt inloggen.",
  "The staff member has been deleted.": "De medewerker is verwijderd.",
  "Choose none, read or write": "Kies geen, lezen of schrijven",
  "The contact number must have at most 30 characters": "Het contactnummer mag hoogstens 30 tekens hebben",
  "Please enter a valid contact number": "Vul een geldig contactnummer in",
  "Please enter an image address starting with https://":
    "Vul een afbeeldingsadres in dat begint met https://",
  "Please choose a valid record": "Kies een geldige invoer",
  "You cannot delete your own account.": "Je kunt je eigen account niet verwijderen.",
  "You cannot deactivate your own account.": "Je kunt je eigen account niet deactiveren.",
  "You cannot change your own role.": "Je kunt je eigen rol niet wijzigen.",
  "This is the last active Super Admin: the school needs at least one.":
    "Dit is de laatste actieve Super Admin: de school heeft er minstens één nodig.",
  "Only a Super Admin can give, change or remove the Super Admin role.":
    "Alleen een Super Admin kan de rol Super Admin geven, wijzigen of afnemen.",
  // Products (issue 18)
  "Sorry, this product is out of stock.": "Helaas, dit product is uitverkocht.",
  "Changing unit system could cause misbehavior of existing products and stocks. Are you sure you want to do this ?":
    "Het wijzigen van het eenhedenstelsel kan bestaande producten en voorraden verkeerd laten werken. Weet je zeker dat je dit wilt doen?",
  "You already have child products in the system. Turning this feature off will unpublish them. Would you like to continue ?":
    "Er staan al subproducten in het systeem. Als je deze functie uitzet, worden ze niet meer gepubliceerd. Wil je doorgaan?",
  "The {system} system uses {length}, {weight} and {volume}; choose Custom for other units.":
    "Het stelsel {system} gebruikt {length}, {weight} en {volume}; kies Aangepast voor andere eenheden.",
  "The number of images per product": "Het aantal afbeeldingen per product",
  "The low-stock value": "De waarde voor weinig voorraad",
  "Turn on child products in the product settings first.":
    "Zet eerst subproducten aan in de productinstellingen.",
  "Choose another product as the master product.": "Kies een ander product als hoofdproduct.",
  "A child product cannot be a master product.": "Een subproduct kan geen hoofdproduct zijn.",
  "Choose a variant of {title}.": "Kies een variant van {title}.",
  "{title} can be bought one at a time.": "{title} kun je maar één per keer kopen.",
  "This extra is not offered with {title}.": "Deze extra hoort niet bij {title}.",
  "{title} does not take a note.": "Bij {title} kun je geen opmerking geven.",
  "Choose at least one course or product.": "Kies minstens één cursus of product.",
  "You have used all downloads of this file.": "Je hebt alle downloads van dit bestand gebruikt.",
  "This file is no longer available to you.": "Dit bestand is niet meer voor je beschikbaar.",
  "The stock cannot go below 0.": "De voorraad kan niet onder 0 gaan.",
  "This product has been ordered: unpublish it instead of deleting it.":
    "Dit product is al besteld: zet het offline in plaats van het te verwijderen.",
  "Save the product first.": "Sla het product eerst op.",
  "Choose an image to upload.": "Kies een afbeelding om te uploaden.",
  "Choose a file to upload.": "Kies een bestand om te uploaden.",
  "The image may be at most 5 MB.": "De afbeelding mag hoogstens 5 MB zijn.",
  "The file may be at most 50 MB.": "Het bestand mag hoogstens 50 MB zijn.",
  // Manual enrolment (issue 24)
  "This learner already has access to this course.": "Deze cursist heeft al toegang tot deze cursus.",
  "This learner bought the course: cancel or return that order to end the access (and refund what is due).":
    "Deze cursist heeft de cursus gekocht: annuleer of retourneer die bestelling om de toegang te beëindigen (en betaal terug wat nodig is).",
  "Recording a payment makes an order: it needs the Orders permission (write). Enrol without payment, or ask an administrator.":
    "Een betaling vastleggen maakt een bestelling: daarvoor is het recht Bestellingen (schrijven) nodig. Schrijf in zonder betaling, of vraag een beheerder.",
  "This learner has no access to this course.": "Deze cursist heeft geen toegang tot deze cursus.",
  "This course does not exist.": "Deze cursus bestaat niet.",
  "{name} now has access to {title}.": "{name} heeft nu toegang tot {title}.",
  "{name} now has access to {title}: order #{number} is paid and invoiced.":
    "{name} heeft nu toegang tot {title}: bestelling #{number} is betaald en gefactureerd.",
  "{name} no longer has access to {title}.": "{name} heeft geen toegang meer tot {title}.",
  "courseId must be a course's id": "Kies een cursus",
  // Paypal and iDEAL (issue 19)
  "This payment method is not offered for this order: please choose another.":
    "Deze betaalmethode is niet beschikbaar voor deze bestelling: kies een andere.",
  "A payment plan is paid by card: choose the card to pay in instalments.":
    "Een betalingsregeling betaal je met je kaart: kies de kaart om in termijnen te betalen.",
  "PayPal payments are not configured.": "Betalen met PayPal is niet ingesteld.",
  "PayPal webhooks are not configured.": "PayPal-webhooks zijn niet ingesteld.",
  "The PayPal signature headers are missing.": "De PayPal-handtekening ontbreekt.",
  // Shipping and cash on delivery (issue 19)
  "Enter the address to ship to, to see the carriers and their cost.":
    "Vul het bezorgadres in om de vervoerders en hun kosten te zien.",
  "We cannot ship to this address: no carrier delivers there. Choose another address, or remove the goods to ship.":
    "We kunnen niet naar dit adres verzenden: geen vervoerder bezorgt daar. Kies een ander adres of haal de te verzenden artikelen uit je winkelwagen.",
  "This carrier does not deliver to this address: choose one of the carriers offered.":
    "Deze vervoerder bezorgt niet op dit adres: kies een van de aangeboden vervoerders.",
  "Choose a carrier.": "Kies een vervoerder.",
  "Choose the country to ship to.": "Kies het land van bezorging.",
  "Enter the street and house number.": "Vul straat en huisnummer in.",
  "Enter the postal code.": "Vul de postcode in.",
  "Enter the city.": "Vul de plaats in.",
  "Enter a phone number for the carrier.": "Vul een telefoonnummer in voor de vervoerder.",
  "Enter a valid phone number.": "Vul een geldig telefoonnummer in.",
  "Enter the address to ship to and a phone number.": "Vul het bezorgadres en een telefoonnummer in.",
  "Cash on delivery is not offered: please pay by card.":
    "Betalen onder rembours is niet mogelijk: betaal met je kaart.",
  "Cash on delivery is only for orders with goods to ship.":
    "Betalen onder rembours kan alleen voor bestellingen met artikelen die verzonden worden.",
  "Cash on delivery is paid at once, not in instalments.":
    "Onder rembours betaal je in één keer, niet in termijnen.",
  "This order is paid in cash on delivery: there is nothing to pay now.":
    "Deze bestelling betaal je onder rembours: je hoeft nu niets te betalen.",
  "This order has nothing to ship.": "Deze bestelling heeft niets om te verzenden.",
  "This order is not paid yet: ship it once it is paid (only cash-on-delivery orders ship unpaid).":
    "Deze bestelling is nog niet betaald: verzend haar zodra ze betaald is (alleen rembours-bestellingen gaan onbetaald op weg).",
  "A cancelled order cannot be shipped.": "Een geannuleerde bestelling kan niet worden verzonden.",
  "Enter the tracking number": "Vul het trackingnummer in",
  "The tracking number must have at most 100 characters": "Het trackingnummer mag hooguit 100 tekens hebben",
  "Choose shipping zones from the list.": "Kies verzendzones uit de lijst.",
  "This carrier does not exist.": "Deze vervoerder bestaat niet.",
  "This shipping zone does not exist.": "Deze verzendzone bestaat niet.",
  "Mark this order shipped first: its goods have not left yet.":
    "Markeer deze bestelling eerst als verzonden: de goederen zijn nog niet vertrokken.",
  'A carrier named "{name}" already exists.': 'Er bestaat al een vervoerder met de naam "{name}".',
  'A shipping zone named "{name}" already exists.': 'Er bestaat al een verzendzone met de naam "{name}".',
  "Cost ranges must not overlap": "Kostenbereiken mogen niet overlappen",
  "Give at least one cost range": "Geef minstens één kostenbereik",
  "The start date must be on or before the end date.": "De begindatum moet op of vóór de einddatum liggen.",
  "A report covers at most 366 days.": "Een rapport beslaat hoogstens 366 dagen.",
  "Give both dates of the period, or neither.": "Geef beide datums van de periode, of geen van beide.",
  "page must be a whole number from 1": "page moet een geheel getal vanaf 1 zijn",
  // Countries, states, tax zones and taxes
  "sort must be name, isoCode or enabled": "sort moet name, isoCode of enabled zijn",
  "enabled must be true or false": "enabled moet true of false zijn",
  "countryId must be a UUID": "countryId moet een UUID zijn",
  "stateId must be a UUID": "stateId moet een UUID zijn",
  "zoneId must be a UUID": "zoneId moet een UUID zijn",
  "Please enter the state's name": "Vul de naam van de staat in",
  "Please enter the state's code": "Vul de code van de staat in",
  "The code has one to three letters or digits (ISO 3166-2, e.g. NH)":
    "De code heeft één tot drie letters of cijfers (ISO 3166-2, bijv. NH)",
  "The rate must be a number of basis points from 0 to 10000 (2100 = 21 %)":
    "Het tarief moet een aantal basispunten van 0 tot 10000 zijn (2100 = 21 %)",
  "The rate must be a whole number of basis points (2100 = 21 %)":
    "Het tarief moet een geheel aantal basispunten zijn (2100 = 21 %)",
  "The rate cannot be negative": "Het tarief kan niet negatief zijn",
  "The rate must be at most 100 %": "Het tarief mag hoogstens 100 % zijn",
  "Choose a country": "Kies een land",
  "Choose a state": "Kies een staat",
  "Please enter the zone's name": "Vul de naam van de zone in",
  "Choose at least one country or state": "Kies minstens één land of staat",
  "Choose a tax zone": "Kies een belastingzone",
  "Please enter the tax's name": "Vul de naam van de belasting in",
  "The tax class must be one of {classes}": "De belastingklasse moet een van deze zijn: {classes}",
  "Choose the school's country": "Kies het land van de school",
  "Enter the rate as a percentage, e.g. 21 or 5.5": "Vul het tarief in als percentage, bijv. 21 of 5,5",
  "Choose the school's country from the list.": "Kies het land van de school uit de lijst.",
  "pricesIncludeTax must be true or false": "pricesIncludeTax moet true of false zijn",
  "Choose countries from the list.": "Kies landen uit de lijst.",
  "Each state must belong to the country chosen with it.":
    "Elke staat moet horen bij het land dat erbij gekozen is.",
  "This country does not exist.": "Dit land bestaat niet.",
  "This state does not exist.": "Deze staat bestaat niet.",
  "This tax zone does not exist.": "Deze belastingzone bestaat niet.",
  "This tax does not exist.": "Deze belasting bestaat niet.",
  '{country} already has a state with code "{code}".': '{country} heeft al een staat met code "{code}".',
  'A tax zone named "{name}" already exists.': 'Er bestaat al een belastingzone met de naam "{name}".',
  "{zone} already has a {taxClass} tax: change its rate instead.":
    "{zone} heeft al een belasting van klasse {taxClass}: wijzig in plaats daarvan het tarief.",
  // Contact form
  "Please enter your name": "Vul je naam in",
  "Your name must have at most {max} characters": "Je naam mag hoogstens {max} tekens hebben",
  "Please enter your email address": "Vul je e-mailadres in",
  "The email address must have at most {max} characters": "Het e-mailadres mag hoogstens {max} tekens hebben",
  "The subject must be text": "Het onderwerp moet tekst zijn",
  "The subject must have at most {max} characters": "Het onderwerp mag hoogstens {max} tekens hebben",
  "Please write your message": "Schrijf je bericht",
  "Please write a message of at least {min} characters": "Schrijf een bericht van minstens {min} tekens",
  "The message must have at most {max} characters": "Het bericht mag hoogstens {max} tekens hebben",
  "Thank you! Your message has been sent; the school will reply by email.":
    "Dank je! Je bericht is verstuurd; de school antwoordt per e-mail.",
  // Settings: invoice number type, popular courses
  "The number type must be one of {types}": "Het nummertype moet een van deze zijn: {types}",
  "popularSource must be one of {sources}": "popularSource moet een van deze zijn: {sources}",
  "Choose courses from the list": "Kies cursussen uit de lijst",
  "Choose at most {max} popular courses": "Kies hoogstens {max} populaire cursussen",
  "Choose each popular course once": "Kies elke populaire cursus één keer",
  // Menu Editor, home page sliders and featured categories
  "Please enter an English label for every menu entry": "Vul voor elk menu-item een Engels label in",
  "A menu label must have at most {max} characters": "Een menulabel mag hoogstens {max} tekens hebben",
  "A link address must have at most {max} characters": "Een linkadres mag hoogstens {max} tekens hebben",
  "A link target must have at most {max} characters": "Een linkdoel mag hoogstens {max} tekens hebben",
  "A custom link must start with https://, http:// or /":
    "Een eigen link moet beginnen met https://, http:// of /",
  "Choose a page from the list": "Kies een pagina uit de lijst",
  "Choose a category from the list": "Kies een categorie uit de lijst",
  "Choose a course from the list": "Kies een cursus uit de lijst",
  "A sub-entry must link somewhere": "Een subitem moet ergens naartoe linken",
  "An entry without a link needs sub-entries (it is their heading)":
    "Een item zonder link heeft subitems nodig (het is hun kop)",
  "An entry has room for at most {max} sub-entries": "Een item heeft ruimte voor hoogstens {max} subitems",
  "The header menu has room for at most {max} entries":
    "Het menu in de kop heeft ruimte voor hoogstens {max} items",
  "The footer menu has room for at most {max} entries":
    "Het menu in de voettekst heeft ruimte voor hoogstens {max} items",
  "Please upload an image for every slide": "Upload voor elke dia een afbeelding",
  "A slide title": "Een diatitel",
  "A slide text": "Een diatekst",
  "A slide link": "Een dialink",
  "The carousel has room for at most {max} slides": "De carrousel heeft ruimte voor hoogstens {max} dia's",
  "Choose each featured category once": "Kies elke uitgelichte categorie één keer",
  "The credit balance does not cover this amount.": "Het tegoed dekt dit bedrag niet.",
  "Credit is kept in the school's currency: this amount is in another one.":
    "Tegoed staat in de valuta van de school: dit bedrag is in een andere valuta.",
  "The amount must be a whole number of cents other than 0.":
    "Het bedrag moet een geheel aantal centen zijn, niet 0.",
  "Sign in to pay with your credit.": "Log in om met je tegoed te betalen.",
  "Your credit does not cover this order: please choose another way to pay.":
    "Je tegoed dekt deze bestelling niet: kies een andere manier van betalen.",
  "Your credit is in another currency than this order.":
    "Je tegoed staat in een andere valuta dan deze bestelling.",
  "Credit pays the whole order at once, not in instalments.":
    "Met tegoed betaal je de hele bestelling in één keer, niet in termijnen.",
  "This register already has an open drawer session: close it first.":
    "Deze kassa heeft al een open lade: sluit die eerst.",
  "This drawer session is closed.": "Deze ladesessie is gesloten.",
  "The drawer does not hold that much cash.": "Zoveel contant geld zit er niet in de lade.",
  "No such drawer session exists.": "Deze ladesessie bestaat niet.",
  "The amount must be a whole number of cents": "Het bedrag moet een geheel aantal centen zijn",
  "The amount must be at most 100000.00": "Het bedrag mag hoogstens 100000.00 zijn",
  "The amount must be at most 1000000.00": "Het bedrag mag hoogstens 1000000.00 zijn",
  "The amount must not be 0": "Het bedrag mag niet 0 zijn",
  "The reason must have at most 300 characters": "De reden mag hoogstens 300 tekens hebben",
  "The reason must have at most 200 characters": "De reden mag hoogstens 200 tekens hebben",
  "A top-up must be more than 0": "Een opwaardering moet meer dan 0 zijn",
  "Give the reason for the adjustment": "Geef de reden van de correctie",
  "kind must be top_up or adjustment": "kind moet top_up of adjustment zijn",
  "kind must be in or out": "kind moet in of out zijn",
  "Choose the customer whose credit pays.": "Kies de klant met wiens tegoed betaald wordt.",
  "The payment method must be cash, card or credit": "De betaalwijze moet contant, pin of tegoed zijn",
  "Only point-of-sale orders are returned at the counter; return other orders in the back office.":
    "Aan de kassa worden alleen kassabestellingen geretourneerd; retourneer andere bestellingen in de backoffice.",
  "This order has no return.": "Deze bestelling heeft geen retour.",
  "Name the register": "Geef de kassa een naam",
  "The register's name must have at most 60 characters":
    "De naam van de kassa mag hoogstens 60 tekens hebben",
  "The opening float must be a whole number of cents": "Het wisselgeld moet een geheel aantal centen zijn",
  "The opening float must be at most 1000000.00": "Het wisselgeld mag hoogstens 1000000.00 zijn",
  "The opening float must not be negative": "Het wisselgeld mag niet negatief zijn",
  "The counted cash must be a whole number of cents": "Het getelde geld moet een geheel aantal centen zijn",
  "The counted cash must be at most 1000000.00": "Het getelde geld mag hoogstens 1000000.00 zijn",
  "The counted cash must not be negative": "Het getelde geld mag niet negatief zijn",
  "The amount must be more than 0": "Het bedrag moet meer dan 0 zijn",
  "Give the reason": "Geef de reden",
  "The note must have at most 500 characters": "De opmerking mag hoogstens 500 tekens hebben",
  "paymentMethod must be card, paypal, ideal, cod or credit":
    "paymentMethod moet card, paypal, ideal, cod of credit zijn",
  // Point of sale: the restaurant view (tables, parked orders, the kitchen ticket)
  "This table does not exist.": "Deze tafel bestaat niet.",
  "A table with this name already exists.": "Er bestaat al een tafel met deze naam.",
  "This table has an open order: pay or remove it before removing the table.":
    "Deze tafel heeft een openstaande bestelling: reken die af of verwijder die voordat je de tafel verwijdert.",
  "This table already has an open order: resume it instead.":
    "Deze tafel heeft al een openstaande bestelling: ga daarmee verder.",
  "This parked order does not exist (it may have been paid or removed).":
    "Deze geparkeerde bestelling bestaat niet (misschien is ze afgerekend of verwijderd).",
  "This parked order was paid or removed meanwhile.":
    "Deze geparkeerde bestelling is intussen afgerekend of verwijderd.",
  "Enter the table's name or number": "Vul de naam of het nummer van de tafel in",
  "The table's name has at most 40 characters": "De naam van de tafel heeft hoogstens 40 tekens",
  "The seats must be a whole number": "Het aantal plaatsen moet een heel getal zijn",
  "A table seats at least 1": "Een tafel heeft minstens 1 plaats",
  "A table seats at most 100": "Een tafel heeft hoogstens 100 plaatsen",
  "At most 10 extras per line": "Hoogstens 10 extra's per regel",
  "Each extra id must be a UUID": "Elk extra-id moet een UUID zijn",
  "The note has at most 500 characters": "De opmerking heeft hoogstens 500 tekens",
  "Choose a table": "Kies een tafel",
  "The parked order id must be a UUID": "Het id van de geparkeerde bestelling moet een UUID zijn",
  "The table id must be a UUID": "Het tafel-id moet een UUID zijn",
};
