import { useEffect, useState } from "react";

/** The countries checkout sells and ships to (enabled ones), for a country select; empty until loaded. */
export function useStoreCountries(): { isoCode: string; name: string }[] {
  const [countries, setCountries] = useState<{ isoCode: string; name: string }[]>([]);
  useEffect(() => {
    let current = true;
    fetch("/api/countries")
      .then((response) => (response.ok ? response.json() : { items: [] }))
      .then((body: { items: { isoCode: string; name: string }[] }) => current && setCountries(body.items))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return countries;
}
