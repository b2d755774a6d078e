/** Lower-case ASCII words joined by "-": "Atlético Madrid" → "atletico-madrid" (ids made from names). */
export const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
