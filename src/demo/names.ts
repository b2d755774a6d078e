// Invented people for the demo: every player, coach and referee the simulator names is made up here (docs/data.md
// "Coverage"). A name is a given name and a surname built from a stem and an ending of one nationality's lists, all
// written for the demo to sound like that country without being anyone: test/demo/names.test.ts checks that no name
// the demo makes, nor its surname, is one of the real players' the service holds (the bundled history's squads and
// scorers, the providers' recorded answers), after folding case and accents.
//
// Names are unique across the whole catalogue, the benchmark's extra competitions included: each person has a slot
// (a club's index in the catalogue × SLOTS + the person's place in the club; referees after the clubs), and a
// nationality's names are a permutation of its slots, so two slots never share a name within a nationality, and no
// two nationalities share a surname. Everything is a pure function of the slot: the same catalogue gives the same
// names on every run.
import { EXTENDED_LEAGUES, LEAGUES } from "./catalog";
import { hash32 } from "./random";

export interface NamePool {
  nationality: string;
  given: readonly string[];
  stems: readonly string[];
  endings: readonly string[];
}

const pool = (nationality: string, given: string, stems: string, endings: string): NamePool => ({
  nationality,
  given: given.split(" "),
  stems: stems.split(" "),
  endings: endings.split(" "),
});

/** 24 given names, 32 stems and 20 endings each: 15,360 names per nationality. */
export const POOLS: Record<string, NamePool> = {
  England: pool(
    "England",
    "Alfie Archie Barney Callum Connor Dominic Elliot Ewan Fraser Freddie Gareth Harvey Isaac Jasper Joel Lewis Louie Nathan Oscar Owen Rory Stanley Toby Tristan",
    "Ablet Brack Cad Crom Dorr Elm Fal Gild Hask Hob Ket Lud Marl Nid Orr Pell Quen Rook Sax Shil Tamb Thur Ux Vell Wend Yel Bex Cobb Dray Fenn Gorr Hux",
    "ford ley worth combe field ham ton well by stead hurst more wood brook cote dale gate holt mere shaw",
  ),
  Spain: pool(
    "Spain",
    "Álvaro Andrés Borja Carlos Diego Eloy Gonzalo Héctor Íñigo Jaime Julen Luis Manu Martín Óscar Pau Rubén Samu Santi Tomás Víctor Aitor Ander Joaquín",
    "Alcor Arand Barran Bercel Cabrer Calend Cerval Dornal Escud Estell Fraguel Galvar Hinoj Izquel Larrab Lozan Mader Montel Navall Olmed Pardin Quintan Rebol Salcer Tarrag Ubed Valdiv Yebr Zarrag Arcin Bolaz Cuenc",
    "ero ales ejo illa ón ares ueño ino edo ura ano ete ás iel ote ega uelo anda osa ido",
  ),
  Italy: pool(
    "Italy",
    "Alessio Amedeo Bruno Carlo Dario Elia Emanuele Fabio Filippo Gabriele Giulio Leonardo Mirko Nicola Ottavio Pietro Raffaele Renato Samuele Stefano Tommaso Valerio Vittorio Enrico",
    "Albor Bellan Cafar Castagn Dallor Ferrant Gualt Lanzar Mancuz Nerv Orsol Pellar Quartar Rapan Sabat Spadar Tassin Ugol Vallerg Zampar Bonacc Cerrut Donat Fasol Gorgon Liberat Marzan Nobil Pirand Scarp Tolom Vezz",
    "ini etti ello one ucci ato elli oni asso iero ari otti ugno acci inetti olo esi iano ozzi egna",
  ),
  Germany: pool(
    "Germany",
    "Benedikt Bastian Dominik Elias Fabian Finn Hannes Jannik Johannes Konstantin Lennart Malte Matthias Moritz Nils Ole Paul Philipp Sebastian Simon Tobias Valentin Vincent Jakob",
    "Ahl Bäch Brück Dörr Eich Fähr Gröt Häus Holz Kämm Kling Löb Mühl Nölt Pfei Reich Rös Schöp Schütt Stöck Thür Wäld Wüst Zöll Brüg Dröh Gräb Hölt Kopp Mang Sörg Tröb",
    "mann ner ling er hardt stein inger bach ke wald dorf mayer huber berger reuther feld hofer rich mund rath",
  ),
  France: pool(
    "France",
    "Alexis Baptiste Bastien Benoît Clément Corentin Damien Étienne Florian Gaëtan Guillaume Jérémy Loïc Maxime Mathis Quentin Romain Sacha Timothée Valentin Yanis Enzo Noé Aurèle",
    "Auber Bellec Bourd Chamb Delv Duvern Escoff Fauch Gavr Lamb Laff Malv Marcel Montag Pelt Quer Rivet Ronc Sauv Tess Vaill Verd Besn Cordel Dumaz Fontan Mornet Pichel Lestr Gourv Brisd Jouv",
    "ier eau ard ot in ault ès oux elle on et ac ais ange eux ery illon aud ouin ière",
  ),
  Norway: pool(
    "Norway",
    "Amund Audun Bendik Eivind Espen Gaute Halvard Håkon Ivar Joakim Kjetil Njål Ørjan Øystein Runar Sindre Sjur Steinar Torstein Trygve Vegard Tord Åsmund Eilif",
    "Ås Bjør Brå Dyr Eik Fløt Grøv Hov Kvå Løv Myk Nør Ørn Røy Sæl Sol Tjø Ul Vå Ytre Øy Ask Bratt Fjær Gjer Hjell Kval Lys Rist Skar Tveit Ølm",
    "dal heim land bakk stad rud vik nes haug berg li moen gård sæter tun vold eng hagen seth lund",
  ),
  USA: pool(
    "USA",
    "Austin Blake Brandon Caleb Carson Chase Colby Dalton Darnell Dwayne Elijah Garrett Hunter Isaiah Jamal Jerome Keon Landon Malik Marquis Reggie Terrence Tyson Wyatt",
    "Abern Bal Brent Carr Dell Ever Fitch Garv Hamm Irv Jeff Kor Lov Merr Norr Pask Quin Rund Stall Tull Vanc Wadd Yor Bing Colt Dix Emb Farr Gunn Haskel Lyn Mox",
    "ington son ridge ers ett ins berry man ell ock ing ey ings ly en ster ick all ery over",
  ),
  Serbia: pool(
    "Serbia",
    "Aleksa Bogdan Dušan Đorđe Filip Jovan Lazar Marko Miloš Nemanja Nikola Ognjen Petar Predrag Radomir Slobodan Stefan Strahinja Uroš Veljko Vukašin Zoran Mihajlo Dragan",
    "Bran Cvet Drag Đur Gaj Ilij Jank Kost Lazar Milt Nin Obrad Pajk Radm Sav Stevk Tod Vas Vuč Zdrav Bož Dim Gruj Ljut Mirk Ned Petr Ran Sime Trif Vel Živ",
    "ović ević inović ačić ulović enović anović ićević ašević ovac ičić uljević išić arević otić ađić eljić ošević ukić ajlović",
  ),
  Croatia: pool(
    "Croatia",
    "Ante Ivan Josip Mateo Mario Domagoj Duje Bruno Toni Karlo Marin Lovro Tin Borna Dino Roko Zvonimir Krešimir Tomislav Hrvoje Igor Jakov Vedran Šime",
    "Bakr Cvit Grg Jurl Kard Lozov Matk Nov Orl Pers Rib Skel Tomb Vid Zub Bil Čul Dujm Grb Hrel Jerk Klar Mand Pul Rog Šim Tolj Bub Ćos Drmb Fab Luč",
    "ić inić ušić ulić ina inac ec ar ašić erić ićić ac an elj alo ušin otić arić ović ijan",
  ),
  Greece: pool(
    "Greece",
    "Andreas Christos Dimitris Georgios Ilias Konstantinos Lefteris Manolis Michalis Nikos Panagiotis Petros Sotiris Stavros Stelios Thanasis Vangelis Vasilis Kyriakos Fotis Apostolos Pavlos Tasos Grigoris",
    "Andrik Bakal Charal Dimak Evang Foundal Galan Kalog Karag Kyrt Lemb Makr Mavr Nikolet Pantel Papaz Sfak Stath Theod Tsak Vlach Xanth Zerv Angel Chrys Daskal Giann Koutr Lamp Moschon Panag Rall",
    "opoulos idis akis ou atos iadis ellis aras anos ikos otis eas ides alis ouris oglou inos aios akos ounis",
  ),
  Lithuania: pool(
    "Lithuania",
    "Arnas Darius Deividas Domantas Edgaras Gediminas Ignas Jonas Justas Karolis Laurynas Lukas Mantas Marius Mindaugas Paulius Rokas Simonas Tadas Tomas Vaidas Žygimantas Martynas Eimantas",
    "Alb Bern Čes Dain Grig Jurg Kaln Lapin Mačiul Nark Paul Rimk Sab Šal Tamul Urb Vait Žemait Kriv Mot Strazd Galin Ramon Bič Dovyd Kup Luk Mažeik Navick Skirm Vilk Žvir",
    "aitis ėnas auskas evičius ūnas onis elis iūnas ulis inskas ys ius avičius enis ionis utis kus ynas ulevičius ikas",
  ),
};

/** The nationalities whose clubs a team of each catalogue nation signs at home ("eu": a European club's mix). */
export const HOME_POOLS: Record<string, readonly string[]> = {
  en: ["England"],
  es: ["Spain"],
  it: ["Italy"],
  de: ["Germany"],
  fr: ["France"],
  no: ["Norway"],
  us: ["USA"],
  eu: ["Serbia", "Croatia", "Greece", "Lithuania"],
};
export const NATIONALITIES = Object.keys(POOLS);

/** Places per club: 23 in a squad, its coach, 20 academy players (the benchmark data set's reserves). */
export const SLOTS = 44;
export const COACH_SLOT = 23;
export const RESERVE_SLOTS = SLOTS - COACH_SLOT - 1;
const PER_POOL = 24 * 32 * 20;

/** Every club of the catalogue, the benchmark's extra competitions included, in catalogue order. */
const clubIndex = new Map<string, number>();
for (const l of [...LEAGUES, ...EXTENDED_LEAGUES])
  for (const row of l.teams) {
    const [name, venue] = row.split("|");
    const key = `${l.sport}:${name}`;
    if (venue && !clubIndex.has(key)) clubIndex.set(key, clubIndex.size);
  }
/** Referees' slots come after the clubs': 8 per catalogue nation. */
const REFEREE_BASE = clubIndex.size * SLOTS;
const REFEREES_PER_NATION = 8;
const NATIONS = Object.keys(HOME_POOLS);
/** Slots beyond these (a club not in the catalogue, more reserves than SLOTS hold) are still named, not uniquely. */
export const UNIQUE_SLOTS = REFEREE_BASE + NATIONS.length * REFEREES_PER_NATION;

/** The first slot of a club (`sport:name`), or a slot of the overflow range for a club not in the catalogue. */
export function clubSlot(sport: string, name: string): number {
  const i = clubIndex.get(`${sport}:${name}`);
  if (i !== undefined) return i * SLOTS;
  const spare = Math.floor((PER_POOL - UNIQUE_SLOTS) / SLOTS);
  return UNIQUE_SLOTS + (hash32(`${sport}:${name}`) % Math.max(1, spare)) * SLOTS;
}

/** A catalogue nation's referees (`n` of them, at most 8): invented, as the players are. */
export function refereesOf(nation: string, n: number): string[] {
  const at = NATIONS.indexOf(nation) < 0 ? NATIONS.indexOf("eu") : NATIONS.indexOf(nation);
  const home = HOME_POOLS[NATIONS[at]!]!;
  return Array.from({ length: Math.min(n, REFEREES_PER_NATION) }, (_, i) => {
    const slot = REFEREE_BASE + at * REFEREES_PER_NATION + i;
    return nameAt(home[i % home.length]!, slot);
  });
}

/**
 * The name of `slot` in a nationality: a keyed permutation of the pool's 15,360 names (a Feistel network on 14 bits,
 * cycle-walked below the pool's size), so distinct slots below that size have distinct names, scattered over the
 * lists rather than in their order.
 */
export function nameAt(nationality: string, slot: number): string {
  const p = POOLS[nationality] ?? POOLS.England!;
  let x = slot % PER_POOL;
  do x = feistel(x, p.nationality);
  while (x >= PER_POOL);
  const given = p.given[x % p.given.length]!;
  const s = Math.floor(x / p.given.length);
  const stem = p.stems[s % p.stems.length]!;
  const ending = p.endings[Math.floor(s / p.stems.length)]!;
  return `${given} ${joinSurname(stem, ending)}`;
}

/** "Holz" + "er" → "Holzer"; no letter three times in a row ("Kämm" + "mann" → "Kämmann"). */
function joinSurname(stem: string, ending: string): string {
  const [a, b] = [stem[stem.length - 2], stem[stem.length - 1]];
  return a === b && b === ending[0] ? stem + ending.slice(1) : stem + ending;
}

const HALF = 7;
const MASK = (1 << HALF) - 1;

/** A bijection on 0 … 2^14 − 1, keyed by the nationality (four Feistel rounds). */
function feistel(x: number, key: string): number {
  let l = x >> HALF;
  let r = x & MASK;
  for (let round = 0; round < 4; round++) {
    const f = hash32(`${key}:${round}:${r}`) & MASK;
    [l, r] = [r, l ^ f];
  }
  return (l << HALF) | r;
}
