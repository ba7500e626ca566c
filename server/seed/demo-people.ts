/** Invented demo learners and families for the seed; none of them is a real person. */
export const demoCustomers: { name: string; email: string; phone: string }[] = [
  { name: "Eva de Vries", email: "eva.devries@example.com", phone: "+31 6 1234 5678" },
  { name: "Samuel Brooks", email: "samuel.brooks@example.com", phone: "+44 7700 900123" },
  { name: "Lotte Jansen", email: "lotte.jansen@example.com", phone: "+31 6 2345 6789" },
  { name: "Hannah Okafor", email: "hannah.okafor@example.com", phone: "+44 7700 900456" },
  { name: "Daan Bakker", email: "daan.bakker@example.com", phone: "+31 6 3456 7890" },
  { name: "Miriam Hoekstra", email: "miriam.hoekstra@example.com", phone: "+31 6 4567 8901" },
  { name: "Jonah Whitfield", email: "jonah.whitfield@example.com", phone: "+1 555 010 2233" },
  { name: "Sophie Visser", email: "sophie.visser@example.com", phone: "+31 6 5678 9012" },
  { name: "Abigail Turner", email: "abigail.turner@example.com", phone: "+1 555 010 4455" },
  { name: "Ruben Mulder", email: "ruben.mulder@example.com", phone: "+31 6 6789 0123" },
  { name: "Grace Adeyemi", email: "grace.adeyemi@example.com", phone: "+44 7700 900789" },
  { name: "Levi Smit", email: "levi.smit@example.com", phone: "+31 6 7890 1234" },
  { name: "Naomi Peters", email: "naomi.peters@example.com", phone: "+31 6 8901 2345" },
  { name: "Caleb Harrington", email: "caleb.harrington@example.com", phone: "+1 555 010 6677" },
];

/** A demo learner whose password is published in the README, to try the learner area. */
export const DEMO_LEARNER = {
  name: "Ella Vermeer",
  email: "learner@example.com",
  password: "learn-with-joy-2024",
};
