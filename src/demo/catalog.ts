// Demo competitions: real-looking clubs, venues and capacities. Teams are "Name|Venue|capacity".
import type { Sport } from "../domain/codes";

export interface LeagueSpec {
  code: string;
  sport: Sport;
  name: string;
  country: string;
  format: "league" | "cup";
  /** Team rows "Name|Venue|capacity", or names of clubs defined in another league (continental/cup). */
  teams: string[];
  nation: string;
}

const PL = [
  "Arsenal|Emirates Stadium|60704", "Aston Villa|Villa Park|42640", "Bournemouth|Vitality Stadium|11307",
  "Brentford|Gtech Community Stadium|17250", "Brighton & Hove Albion|American Express Stadium|31876",
  "Burnley|Turf Moor|21944", "Chelsea|Stamford Bridge|40173", "Crystal Palace|Selhurst Park|25486",
  "Everton|Hill Dickinson Stadium|52888", "Fulham|Craven Cottage|29589", "Leeds United|Elland Road|37645",
  "Liverpool|Anfield|61276", "Manchester City|Etihad Stadium|53400", "Manchester United|Old Trafford|74310",
  "Newcastle United|St James' Park|52305", "Nottingham Forest|City Ground|30404",
  "Sunderland|Stadium of Light|49000", "Tottenham Hotspur|Tottenham Hotspur Stadium|62850",
  "West Ham United|London Stadium|62500", "Wolverhampton Wanderers|Molineux Stadium|31750",
];
const LALIGA = [
  "Athletic Club|San Mamés|53289", "Atlético Madrid|Riyadh Air Metropolitano|70460", "Barcelona|Spotify Camp Nou|62000",
  "Celta Vigo|Abanca-Balaídos|24870", "Deportivo Alavés|Mendizorroza|19840", "Elche|Martínez Valero|31388",
  "Espanyol|RCDE Stadium|40000", "Getafe|Coliseum|16800", "Girona|Montilivi|14624", "Levante|Ciutat de València|26354",
  "Mallorca|Son Moix|23142", "Osasuna|El Sadar|23576", "Rayo Vallecano|Estadio de Vallecas|14708",
  "Real Betis|Benito Villamarín|60721", "Real Madrid|Santiago Bernabéu|83186", "Real Oviedo|Carlos Tartiere|30500",
  "Real Sociedad|Reale Arena|39500", "Sevilla|Ramón Sánchez-Pizjuán|43883", "Valencia|Mestalla|49430",
  "Villarreal|Estadio de la Cerámica|23500",
];
const SERIEA = [
  "Atalanta|Gewiss Stadium|24950", "Bologna|Stadio Renato Dall'Ara|36462", "Cagliari|Unipol Domus|16416",
  "Como|Stadio Giuseppe Sinigaglia|13602", "Cremonese|Stadio Giovanni Zini|16003", "Fiorentina|Stadio Artemio Franchi|43147",
  "Genoa|Stadio Luigi Ferraris|33205", "Hellas Verona|Stadio Marcantonio Bentegodi|31045", "Inter|San Siro|75817",
  "Juventus|Allianz Stadium|41507", "Lazio|Stadio Olimpico|70634", "Lecce|Stadio Via del Mare|31533",
  "AC Milan|San Siro|75817", "Napoli|Stadio Diego Armando Maradona|54726", "Parma|Stadio Ennio Tardini|22352",
  "Pisa|Arena Garibaldi|9018", "Roma|Stadio Olimpico|70634", "Sassuolo|Mapei Stadium|21584",
  "Torino|Stadio Olimpico Grande Torino|27958", "Udinese|Bluenergy Stadium|25144",
];
const BUNDESLIGA = [
  "Bayern Munich|Allianz Arena|75024", "Borussia Dortmund|Signal Iduna Park|81365", "Bayer Leverkusen|BayArena|30210",
  "RB Leipzig|Red Bull Arena|47069", "Eintracht Frankfurt|Deutsche Bank Park|58000", "VfB Stuttgart|MHPArena|60058",
  "SC Freiburg|Europa-Park Stadion|34700", "Borussia Mönchengladbach|Borussia-Park|54042",
  "VfL Wolfsburg|Volkswagen Arena|28917", "Werder Bremen|Weserstadion|42100", "Union Berlin|An der Alten Försterei|22012",
  "TSG Hoffenheim|PreZero Arena|30150", "Mainz 05|Mewa Arena|33305", "FC Augsburg|WWK Arena|30660",
  "1. FC Heidenheim|Voith-Arena|15000", "FC St. Pauli|Millerntor-Stadion|29546", "Hamburger SV|Volksparkstadion|57000",
  "1. FC Köln|RheinEnergieStadion|50000",
];
const LIGUE1 = [
  "Paris Saint-Germain|Parc des Princes|47929", "Olympique de Marseille|Orange Vélodrome|67394",
  "AS Monaco|Stade Louis II|16360", "Lille|Stade Pierre-Mauroy|50186", "Olympique Lyonnais|Groupama Stadium|59186",
  "OGC Nice|Allianz Riviera|36178", "RC Lens|Stade Bollaert-Delelis|38223", "Stade Rennais|Roazhon Park|29778",
  "RC Strasbourg|Stade de la Meinau|26109", "Stade Brestois|Stade Francis-Le Blé|15220",
  "Toulouse|Stadium de Toulouse|33150", "FC Nantes|Stade de la Beaujoire|35322", "AJ Auxerre|Stade Abbé-Deschamps|18541",
  "Angers SCO|Stade Raymond-Kopa|19350", "Le Havre|Stade Océane|25178", "FC Lorient|Stade du Moustoir|18110",
  "Paris FC|Stade Jean-Bouin|19904", "FC Metz|Stade Saint-Symphorien|28786",
];
const NBA = [
  "Atlanta Hawks|State Farm Arena|16888", "Boston Celtics|TD Garden|19156", "Brooklyn Nets|Barclays Center|17732",
  "Charlotte Hornets|Spectrum Center|19077", "Chicago Bulls|United Center|20917", "Cleveland Cavaliers|Rocket Arena|19432",
  "Dallas Mavericks|American Airlines Center|19200", "Denver Nuggets|Ball Arena|19520", "Detroit Pistons|Little Caesars Arena|20332",
  "Golden State Warriors|Chase Center|18064", "Houston Rockets|Toyota Center|18055", "Indiana Pacers|Gainbridge Fieldhouse|17274",
  "LA Clippers|Intuit Dome|18000", "Los Angeles Lakers|Crypto.com Arena|18997", "Memphis Grizzlies|FedExForum|17794",
  "Miami Heat|Kaseya Center|19600", "Milwaukee Bucks|Fiserv Forum|17341", "Minnesota Timberwolves|Target Center|18978",
  "New Orleans Pelicans|Smoothie King Center|16867", "New York Knicks|Madison Square Garden|19812",
  "Oklahoma City Thunder|Paycom Center|18203", "Orlando Magic|Kia Center|18846", "Philadelphia 76ers|Xfinity Mobile Arena|20478",
  "Phoenix Suns|PHX Arena|17071", "Portland Trail Blazers|Moda Center|19393", "Sacramento Kings|Golden 1 Center|17608",
  "San Antonio Spurs|Frost Bank Center|18418", "Toronto Raptors|Scotiabank Arena|19800", "Utah Jazz|Delta Center|18306",
  "Washington Wizards|Capital One Arena|20356",
];
const EUROLEAGUE = [
  "Real Madrid Baloncesto|Movistar Arena|15000", "FC Barcelona Basket|Palau Blaugrana|7585", "Olympiacos|Peace and Friendship Stadium|12300",
  "Panathinaikos|OAKA Altion|18300", "Fenerbahçe Beko|Ülker Sports Arena|13000", "Anadolu Efes|Basketball Development Center|10000",
  "Maccabi Tel Aviv|Menora Mivtachim Arena|10383", "Hapoel Tel Aviv|Menora Mivtachim Arena|10383", "Žalgiris Kaunas|Žalgirio Arena|15415",
  "Partizan Belgrade|Belgrade Arena|18386", "Crvena zvezda|Belgrade Arena|18386", "AS Monaco Basket|Salle Gaston Médecin|5000",
  "Olimpia Milano|Unipol Forum|12700", "Virtus Bologna|Virtus Arena|9980", "FC Bayern Munich Basketball|SAP Garden|11500",
  "Baskonia|Buesa Arena|15504", "Valencia Basket|Roig Arena|15600", "Paris Basketball|Adidas Arena|8000",
];
const ACB = [
  "Real Madrid Baloncesto", "FC Barcelona Basket", "Valencia Basket", "Baskonia",
  "Unicaja Málaga|Palacio de los Deportes José María Martín Carpena|11300", "La Laguna Tenerife|Santiago Martín|5100",
  "Joventut Badalona|Palau Olímpic de Badalona|12760", "Dreamland Gran Canaria|Gran Canaria Arena|11500",
  "UCAM Murcia|Palacio de los Deportes de Murcia|7500", "Bàsquet Manresa|Nou Congost|5000",
  "Casademont Zaragoza|Pabellón Príncipe Felipe|10744", "Río Breogán|Pazo dos Deportes de Lugo|6500",
  "MoraBanc Andorra|Poliesportiu d'Andorra|5000", "Surne Bilbao Basket|Bilbao Arena|10014", "Hiopos Lleida|Pavelló Barris Nord|6100",
  "Covirán Granada|Palacio de Deportes de Granada|9507", "Leyma Coruña|Coliseum da Coruña|11000", "San Pablo Burgos|Coliseum Burgos|9400",
];

export const LEAGUES: LeagueSpec[] = [
  { code: "eng1", sport: "football", name: "Premier League", country: "England", format: "league", teams: PL, nation: "en" },
  { code: "esp1", sport: "football", name: "La Liga", country: "Spain", format: "league", teams: LALIGA, nation: "es" },
  { code: "ita1", sport: "football", name: "Serie A", country: "Italy", format: "league", teams: SERIEA, nation: "it" },
  { code: "ger1", sport: "football", name: "Bundesliga", country: "Germany", format: "league", teams: BUNDESLIGA, nation: "de" },
  { code: "fra1", sport: "football", name: "Ligue 1", country: "France", format: "league", teams: LIGUE1, nation: "fr" },
  {
    code: "ucl", sport: "football", name: "UEFA Champions League", country: "Europe", format: "league", nation: "eu",
    teams: ["Arsenal", "Liverpool", "Manchester City", "Chelsea", "Real Madrid", "Barcelona", "Atlético Madrid", "Inter",
      "Napoli", "Juventus", "Bayern Munich", "Borussia Dortmund", "Bayer Leverkusen", "Paris Saint-Germain", "AS Monaco", "Olympique de Marseille"],
  },
  {
    code: "facup", sport: "football", name: "FA Cup", country: "England", format: "cup", nation: "en",
    teams: PL.slice(0, 16).map((t) => t.split("|")[0]!),
  },
  { code: "nba", sport: "basketball", name: "NBA", country: "USA", format: "league", teams: NBA, nation: "us" },
  { code: "euroleague", sport: "basketball", name: "EuroLeague", country: "Europe", format: "league", teams: EUROLEAGUE, nation: "eu" },
  { code: "acb", sport: "basketball", name: "Liga ACB", country: "Spain", format: "league", teams: ACB, nation: "es" },
];

const FIRST: Record<string, string[]> = {
  en: ["Jack", "Harry", "James", "Oliver", "George", "Charlie", "Thomas", "Alfie", "Mason", "Reece", "Declan", "Jordan", "Ben", "Kyle", "Marcus", "Callum"],
  es: ["Pablo", "Álvaro", "Sergio", "Javier", "Dani", "Mikel", "Iker", "Pedro", "Rodrigo", "Marcos", "Unai", "Adrián", "Hugo", "Raúl", "Fermín", "Nico"],
  it: ["Lorenzo", "Federico", "Alessandro", "Matteo", "Davide", "Nicolò", "Gianluca", "Marco", "Andrea", "Giacomo", "Sandro", "Riccardo", "Manuel", "Simone", "Luca", "Mattia"],
  de: ["Jonas", "Leon", "Florian", "Kai", "Joshua", "Niklas", "Maximilian", "Felix", "Leroy", "Julian", "Serge", "Robin", "Tim", "Lukas", "Jamal", "David"],
  fr: ["Kylian", "Antoine", "Ousmane", "Théo", "Lucas", "Jules", "Aurélien", "Mattéo", "Rayan", "Bradley", "Warren", "Désiré", "Hugo", "Adrien", "Randal", "Youssouf"],
  us: ["Jalen", "Tyrese", "Jaylen", "Devin", "Anthony", "Trae", "Donovan", "Zion", "Cade", "Paolo", "Chet", "Darius", "Scottie", "Jaren", "Bam", "Desmond"],
  eu: ["Nikola", "Luka", "Bogdan", "Kostas", "Vasilije", "Dario", "Mateusz", "Arnas", "Shane", "Facundo", "Sasha", "Walter", "Nemanja", "Lorenzo", "Theo", "Jan"],
};
const LAST: Record<string, string[]> = {
  en: ["Smith", "Walker", "Stones", "Rice", "Foden", "Palmer", "Saka", "Trippier", "Pope", "Maguire", "Bowen", "Watkins", "Gallagher", "Mainoo", "Wharton", "Eze"],
  es: ["García", "Rodríguez", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Ruiz", "Navarro", "Torres", "Moreno", "Romero", "Herrera", "Olmo", "Merino"],
  it: ["Rossi", "Bianchi", "Barella", "Chiesa", "Locatelli", "Bastoni", "Tonali", "Frattesi", "Raspadori", "Scamacca", "Dimarco", "Cambiaso", "Retegui", "Ricci", "Calafiori", "Pellegrini"],
  de: ["Müller", "Schmidt", "Kimmich", "Goretzka", "Havertz", "Wirtz", "Musiala", "Rüdiger", "Tah", "Sané", "Gnabry", "Raum", "Undav", "Andrich", "Groß", "Mittelstädt"],
  fr: ["Martin", "Bernard", "Dubois", "Mbappé", "Griezmann", "Tchouaméni", "Camavinga", "Koundé", "Saliba", "Maignan", "Kolo Muani", "Rabiot", "Konaté", "Upamecano", "Olise", "Doué"],
  us: ["Johnson", "Williams", "Brown", "Davis", "Miller", "Wilson", "Moore", "Taylor", "Anderson", "Thomas", "Jackson", "White", "Harris", "Martin", "Thompson", "Robinson"],
  eu: ["Jokić", "Dončić", "Bogdanović", "Antetokounmpo", "Mičić", "Šarić", "Ponitka", "Valančiūnas", "Larkin", "Campazzo", "Vezenkov", "Tavares", "Nedović", "Brown", "Maledon", "Veselý"],
};

export const namePools = (nation: string) => ({ first: FIRST[nation] ?? FIRST.eu!, last: LAST[nation] ?? LAST.eu! });
export const NATIONS = Object.keys(FIRST);
