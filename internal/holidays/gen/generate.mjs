// Generates ../data.json, the public holidays Hadir embeds (internal/holidays), from the npm
// package date-holidays (maintained; code ISC, data CC BY-SA 3.0 / CC BY 3.0). Never edit the
// JSON by hand: change the countries or years here and run
//
//   cd internal/holidays/gen && npm install --no-save --no-package-lock && node generate.mjs 2026 2027 > ../data.json
//
// Only holidays of type "public" that last whole days are kept (date-holidays also lists bank
// holidays, observances and half days such as China's Youth Day afternoon, which are not days
// off for everyone). Each holiday names the regions (states) where it applies; a holiday with
// no "regions" applies in all of them, and "national": false marks one that applies in some
// regions only. Names are given in each UI language where date-holidays has a translation.
import Holidays from 'date-holidays';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(require.resolve('date-holidays/package.json'), 'utf8'));

const countries = ['MY', 'SG', 'ID', 'CN', 'JP', 'ES', 'DE', 'FR'];
// Hadir's stored language codes and the codes date-holidays knows them by.
const languages = { en: 'en', ms: 'ms', ch: 'zh', es: 'es', jp: 'ja', de: 'de', fr: 'fr' };
const years = process.argv.slice(2).map(Number);
if (years.length === 0 || years.some((y) => !Number.isInteger(y))) {
  console.error('usage: node generate.mjs YEAR...');
  process.exit(2);
}

const wholeDay = (h) => h.type === 'public' && /^\d{4}-\d{2}-\d{2} 00:00:00/.test(h.date);

// list returns the whole-day public holidays of one place and year, keyed by date and
// English name, with the name in every language.
function list(country, region, year) {
  const out = new Map();
  // A fresh instance per language: an instance keeps the language of its first call.
  for (const [code, lng] of Object.entries({ ...languages, native: undefined })) {
    const hd = region ? new Holidays(country, region) : new Holidays(country);
    for (const h of hd.getHolidays(year, lng).filter(wholeDay)) {
      const date = h.date.slice(0, 10);
      const key = date + '|' + h.rule;
      if (!out.has(key)) out.set(key, { date, names: {} });
      out.get(key).names[code] = h.name;
    }
  }
  return out;
}

const data = { source: 'date-holidays', version: pkg.version, licence: pkg.license, years, countries: [] };
for (const code of countries) {
  const hd = new Holidays(code);
  // The country's own language (date-holidays calls Japanese both "ja" and "jp").
  const ownLng = { jp: 'ja' }[hd.getLanguages()[0]] ?? hd.getLanguages()[0];
  const own = Object.entries(languages).find(([, l]) => l === ownLng)?.[0];
  const states = hd.getStates(code) ?? {};
  const regionCodes = Object.keys(states).sort();
  const country = {
    code,
    name: hd.getCountries('en')[code],
    regions: regionCodes.map((r) => ({ code: r, name: states[r] })),
    holidays: [],
  };
  for (const year of years) {
    const national = list(code, '', year);
    const byRegion = new Map(regionCodes.map((r) => [r, list(code, r, year)]));
    const all = new Map(national);
    for (const l of byRegion.values()) for (const [k, v] of l) if (!all.has(k)) all.set(k, v);
    for (const [key, h] of [...all].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      // date-holidays falls back to the country's own language where it has no translation;
      // such a name is left out, so that Hadir falls back to English instead.
      const names = { en: h.names.en };
      for (const lng of Object.keys(languages)) {
        const n = h.names[lng];
        if (n && n !== h.names.en && (lng === own || n !== h.names.native)) names[lng] = n;
      }
      const item = { date: h.date, name: names };
      const regions = regionCodes.filter((r) => byRegion.get(r).has(key));
      if (!national.has(key)) item.national = false;
      if (regionCodes.length > 0 && regions.length < regionCodes.length) item.regions = regions;
      country.holidays.push(item);
    }
  }
  data.countries.push(country);
}
process.stdout.write(JSON.stringify(data) + '\n');
