/**
 * The area of a session as the devices screen words it: the IANA time zone the app reported at
 * sign-in, city first ("Europe/London" reads "London (Europe)"). A zone without a region stays as
 * it is ("UTC").
 */
export function areaText(zone: string): string {
  const parts = zone.split('/');
  if (parts.length < 2) return zone;
  const city = parts.at(-1)!.replace(/_/g, ' ');
  return `${city} (${parts[0]})`;
}
