/** A postal address (and phone) as lines, e.g. where an order's parcel goes. */
export function PostalAddress({
  address,
  phone,
}: {
  address: {
    name: string;
    line1: string;
    line2: string | null;
    postalCode: string;
    city: string;
    country: string;
  };
  phone?: string | null;
}) {
  const lines = [
    address.name,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    address.country,
    phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one address, never reordered
        <span key={index} className="block break-words">
          {line}
        </span>
      ))}
    </>
  );
}
