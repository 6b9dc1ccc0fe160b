/**
 * Form-encoded bodies as the existing clients send them: older form clients post every field of a
 * form, the optional ones empty (`area_id=&target_price=`). An empty field means the field is
 * absent, so an optional one is simply not given and a required one is refused as missing. A key
 * given twice keeps every value (an array), as the schema then decides.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (value === '') continue;
    const earlier = fields.get(key);
    fields.set(
      key,
      earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value],
    );
  }
  // fromEntries defines own properties: a key named __proto__ stays a plain field.
  return Object.fromEntries(fields);
}
