// Locale → surnames, words, street and neighbourhood shapes, local trade words: what makes names look native.
// Business names use the local script (Cyrillic, Greek, CJK) like real listings; addresses stay in the
// romanised form Google shows in an English-language export.
import type { Random } from "./random.ts";
import type { Locale } from "./country-data.ts";

export type LabelKey =
  | "restaurant" | "cafe" | "bakery" | "pastry" | "butcher" | "pharmacy" | "hotel" | "dentist" | "hair"
  | "barber" | "supermarket" | "grocery" | "lawyer" | "car_repair" | "florist" | "optician" | "real_estate"
  | "bar" | "gym" | "doctor";

type LocaleData = {
  surnames: readonly string[];
  givenNames: readonly string[];
  words: readonly string[];
  boroughs: readonly string[];
  /** Local business-name shapes using {Label} (local trade word), {Surname}, {Word}. */
  localPatterns: readonly string[];
  buildStreet: (random: Random) => string;
};

const EN_STREETS = ["Main", "Oak", "Maple", "Park", "Washington", "Lake", "Hill", "Church", "High", "Station", "King", "Queen", "Elm", "Cedar", "Mill", "Market", "Victoria", "Bridge", "River", "Pine"];
const EN_SUFFIXES = ["St", "Ave", "Rd", "Blvd", "Ln", "Dr", "Street", "Road", "Way"];

const LOCALES: Record<Locale, LocaleData> = {
  en: {
    surnames: ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Taylor", "Anderson", "Thomas", "Moore", "Martin", "Clark", "Walker", "O'Brien", "Patel", "Nguyen", "Okafor", "Mensah"],
    givenNames: ["James", "Mary", "John", "Linda", "Michael", "Sarah", "David", "Emma", "Daniel", "Olivia", "Grace", "Samuel"],
    words: ["Golden", "Blue Sky", "Sunrise", "Royal", "Green Leaf", "Silver", "Urban", "Corner", "Oak Tree", "Harbor", "Maple", "Liberty", "Lucky", "Happy", "Prime", "Evergreen"],
    boroughs: ["Downtown", "Midtown", "Old Town", "Westside", "Eastside", "Riverside", "Northgate", "Southside", "Harbour District", "University District"],
    localPatterns: [],
    buildStreet: (r) => `${r.int(1, 2999)} ${r.pick(EN_STREETS)} ${r.pick(EN_SUFFIXES)}`,
  },
  de: {
    surnames: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Groß", "Weiß", "Krüger", "Schäfer", "Strauß"],
    givenNames: ["Hans", "Anna", "Jürgen", "Sophie", "Lukas", "Jörg", "Käthe", "Günter"],
    words: ["Sonne", "Linde", "Stern", "Krone", "Adler", "Edelweiß", "Rose", "Löwen", "Am Markt", "Rathaus"],
    boroughs: ["Altstadt", "Mitte", "Neustadt", "Innenstadt", "Südstadt", "Nordend", "Weststadt"],
    localPatterns: ["{Label} {Surname}", "{Label} {Surname}", "{Word}-{Label}", "{Label} {Word}"],
    buildStreet: (r) => {
      const name = r.pick(["Haupt", "Bahnhof", "Schiller", "Goethe", "Linden", "Kirch", "Garten", "Mozart", "Schul", "Berliner ", "Friedrich", "Markt", "Wald", "Rosen"]);
      const kind = name.endsWith(" ") ? "Straße" : r.pick(["straße", "straße", "straße", "weg", "allee", "gasse", "platz"]);
      return `${name}${kind} ${r.int(1, 180)}`;
    },
  },
  fr: {
    surnames: ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Petit", "Durand", "Leroy", "Moreau", "Lefèvre", "Girard", "Bonnet", "François", "Mercier"],
    givenNames: ["Jean", "Marie", "Pierre", "Hélène", "Luc", "Amélie", "François", "Zoé"],
    words: ["du Soleil", "de l'Étoile", "Belle Époque", "du Petit Jardin", "de la Côte", "Lumière", "du Marché", "de la Gare"],
    boroughs: ["Centre-ville", "Vieux Port", "Saint-Michel", "Les Halles", "Bellevue", "Quartier Latin"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}", "{Label} {Surname}"],
    buildStreet: (r) => `${r.int(1, 220)} ${r.pick(["Rue", "Rue", "Avenue", "Boulevard", "Place", "Impasse"])} ${r.pick(["de la Paix", "Victor Hugo", "Jean Jaurès", "de la République", "Saint-Michel", "du Général de Gaulle", "des Écoles", "Pasteur", "Émile Zola", "de l'Église"])}`,
  },
  es: {
    surnames: ["García", "Rodríguez", "González", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Díaz", "Muñoz", "Jiménez", "Hernández", "Ruiz"],
    givenNames: ["José", "María", "Juan", "Lucía", "Carlos", "Ana", "Andrés", "Begoña"],
    words: ["El Sol", "La Luna", "El Buen Gusto", "La Esquina", "El Olivo", "San Juan", "La Estrella", "Don Pepe"],
    boroughs: ["Centro", "Barrio Antiguo", "Zona Norte", "San José", "La Merced", "Chamberí", "Santa Cruz"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}", "{Label} {Surname}"],
    buildStreet: (r) => `${r.pick(["Calle", "Calle", "Avenida", "Av.", "Paseo"])} ${r.pick(["Mayor", "de Alcalá", "Gran Vía", "de la Constitución", "Independencia", "Juárez", "Hidalgo", "San Martín", "Bolívar", "Reforma", "del Sol", "Colón"])}, ${r.int(1, 400)}`,
  },
  pt: {
    surnames: ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Lima", "Araújo", "Gonçalves", "Conceição"],
    givenNames: ["João", "Maria", "José", "Ana", "Antônio", "Luís", "Conceição"],
    words: ["Sol", "Estrela", "Bom Sabor", "Jardim", "Flor", "São Jorge", "Central", "Progresso"],
    boroughs: ["Centro", "Bela Vista", "Jardim América", "Vila Nova", "Boa Vista", "Liberdade"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}", "{Label} {Word}"],
    buildStreet: (r) => `${r.pick(["Rua", "Rua", "Avenida", "Av.", "Travessa", "Praça"])} ${r.pick(["das Flores", "Augusta", "São João", "Sete de Setembro", "XV de Novembro", "da Liberdade", "Dom Pedro II", "Tiradentes", "da Conceição"])}, ${r.int(1, 3000)}`,
  },
  it: {
    surnames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca"],
    givenNames: ["Giuseppe", "Maria", "Marco", "Giulia", "Luca", "Francesca", "Niccolò"],
    words: ["Sole", "Stella", "Bella Vista", "Il Giardino", "Dolce Vita", "Luna", "Centrale", "San Marco"],
    boroughs: ["Centro Storico", "San Lorenzo", "Borgo Nuovo", "Porta Nuova", "Trastevere"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}", "{Label} da {Given}"],
    buildStreet: (r) => `${r.pick(["Via", "Via", "Corso", "Piazza", "Viale"])} ${r.pick(["Roma", "Garibaldi", "Giuseppe Mazzini", "Dante Alighieri", "Vittorio Emanuele II", "Cavour", "XX Settembre", "della Repubblica", "Marconi", "San Francesco"])}, ${r.int(1, 200)}`,
  },
  tr: {
    surnames: ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Yıldırım", "Öztürk", "Aydın", "Özdemir", "Arslan", "Doğan", "Kılıç", "Aslan", "Çetin", "Koç", "Kurt", "Özkan", "Şimşek", "İnce", "Işık"],
    givenNames: ["Mehmet", "Ayşe", "Mustafa", "Fatma", "Ahmet", "Emine", "Ali", "Zeynep", "İbrahim", "Hüseyin", "Gülşen"],
    words: ["Yıldız", "Güneş", "Deniz", "Lale", "Çınar", "Gül", "Doğa", "Şafak", "İstanbul", "Boğaziçi", "Öz"],
    boroughs: ["Merkez", "Cumhuriyet", "Yenişehir", "Bahçelievler", "Çarşı", "Atatürk", "İstiklal"],
    localPatterns: ["{Surname} {Label}", "{Word} {Label}", "{Surname} {Label}"],
    buildStreet: (r) => `${r.pick(["Atatürk", "İstiklal", "Cumhuriyet", "Gazi", "İnönü", "Fevzi Çakmak", "Bağdat", "Çiçek", "Lale", "Gül", "Menekşe", "Şehitler", "Yavuz Selim"])} ${r.pick(["Cd.", "Sk.", "Sk.", "Blv."])} No:${r.int(1, 250)}`,
  },
  nl: {
    surnames: ["de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen", "Visser", "Smit", "Meijer", "de Boer", "Mulder"],
    givenNames: ["Jan", "Anna", "Pieter", "Sanne", "Bram", "Eva", "Ruud"],
    words: ["De Zon", "De Molen", "De Tulp", "De Ster", "De Hoek", "Het Anker", "Oranje"],
    boroughs: ["Centrum", "Oud-Zuid", "Noord", "De Pijp", "Oost", "West"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}"],
    buildStreet: (r) => `${r.pick(["Kerk", "Dorps", "Molen", "Stations", "Hoog", "Markt", "School", "Linden", "Prins Hendrik"])}${r.pick(["straat", "straat", "weg", "laan", "plein", "gracht"])} ${r.int(1, 300)}`,
  },
  pl: {
    surnames: ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski"],
    givenNames: ["Piotr", "Anna", "Krzysztof", "Małgorzata", "Łukasz", "Agnieszka"],
    words: ["Słoneczko", "Gwiazda", "Złoty Róg", "Pod Lipą", "Żabka", "Bursztyn", "Stokrotka"],
    boroughs: ["Śródmieście", "Stare Miasto", "Mokotów", "Wola", "Podgórze", "Nowe Miasto"],
    localPatterns: ["{Label} {Word}", "{Label} {Surname}"],
    buildStreet: (r) => `${r.pick(["ul.", "ul.", "ul.", "al."])} ${r.pick(["Marszałkowska", "Długa", "Tadeusza Kościuszki", "Adama Mickiewicza", "Piłsudskiego", "Kwiatowa", "Słoneczna", "Ogrodowa", "Lipowa", "Polna", "Żeromskiego"])} ${r.int(1, 150)}`,
  },
  ru: {
    surnames: ["Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков", "Фёдоров"],
    givenNames: ["Иван", "Анна", "Сергей", "Ольга", "Дмитрий", "Наталья"],
    words: ["«Уют»", "«Восток»", "«Радуга»", "«Берёзка»", "«Северный»", "«Жемчужина»", "«Русь»"],
    boroughs: ["Tsentralny", "Arbat", "Zamoskvorechye", "Sovetsky", "Leninsky", "Oktyabrsky"],
    localPatterns: ["{Label} {Word}", "{Label} {Word}", "{Word}"],
    buildStreet: (r) => `${r.pick(["ulitsa", "ulitsa", "ulitsa", "prospekt"])} ${r.pick(["Lenina", "Pushkina", "Gagarina", "Sovetskaya", "Mira", "Tverskaya", "Sadovaya", "Lermontova", "Kirova", "Oktyabrskaya"])}, ${r.int(1, 120)}`,
  },
  el: {
    surnames: ["Παπαδόπουλος", "Γεωργίου", "Νικολάου", "Οικονόμου", "Παπαδάκης", "Βασιλείου", "Αθανασίου", "Δημητρίου"],
    givenNames: ["Γιώργος", "Μαρία", "Νίκος", "Ελένη", "Κώστας", "Δήμητρα"],
    words: ["Ήλιος", "Ακρόπολη", "Θάλασσα", "Ελιά", "Ολυμπία", "Αιγαίο"],
    boroughs: ["Plaka", "Kolonaki", "Kentro", "Psyrri", "Exarcheia"],
    localPatterns: ["{Label} {Surname}", "{Label} {Word}"],
    buildStreet: (r) => `${r.pick(["Ermou", "Stadiou", "Panepistimiou", "Akadimias", "Vasilissis Sofias", "Egnatia", "Tsimiski", "Agiou Dimitriou", "Makariou III"])} ${r.int(1, 150)}`,
  },
  zh: {
    surnames: ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"],
    givenNames: ["伟", "芳", "娜", "敏", "静", "强"],
    words: ["金龙", "福满", "好运", "东方", "新华", "百味", "长城", "嘉禾", "老街", "天天"],
    boroughs: ["Xincheng", "Dongcheng", "Xicheng", "Nancheng", "Beicheng", "Gaoxin"],
    localPatterns: ["{Word}{Label}", "{Surname}记{Label}", "{Word}{Label}"],
    buildStreet: (r) => `${r.int(1, 999)} ${r.pick(["Zhongshan", "Renmin", "Jiefang", "Jianshe", "Heping", "Nanjing", "Xinhua", "Wenhua", "Chang'an", "Yan'an"])} ${r.pick(["Rd", "Rd", "St", "Ave", "N Rd", "E Rd"])}`,
  },
  ja: {
    surnames: ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤"],
    givenNames: ["翔太", "陽子", "健", "美咲", "大輔", "さくら"],
    words: ["さくら", "富士", "ひまわり", "青空", "一番", "花月", "松竹", "みどり"],
    boroughs: ["Chuo", "Minato", "Sakae", "Honcho", "Ekimae", "Kita"],
    localPatterns: ["{Word}{Label}", "{Surname}{Label}", "{Label} {Word}"],
    buildStreet: (r) => `${r.int(1, 9)} Chome-${r.int(1, 30)}-${r.int(1, 20)} ${r.pick(["Ginza", "Shinjuku", "Sakae", "Umeda", "Honcho", "Nishiki", "Chuo", "Minamiaoyama", "Shibuya", "Tenjin"])}`,
  },
  ko: {
    surnames: ["김", "이", "박", "최", "정", "강", "조", "윤"],
    givenNames: ["민준", "서연", "지훈", "수빈", "현우", "지은"],
    words: ["행복", "하늘", "미소", "한빛", "새봄", "우리", "푸른"],
    boroughs: ["Jung-gu", "Seo-gu", "Dong-gu", "Nam-gu", "Buk-gu"],
    localPatterns: ["{Word} {Label}", "{Word}{Label}"],
    buildStreet: (r) => `${r.int(1, 600)} ${r.pick(["Sejong-daero", "Teheran-ro", "Jong-ro", "Eulji-ro", "Gangnam-daero", "Haeundae-ro", "Dongseong-ro"])}`,
  },
};

// Local trade words; a locale without an entry falls back to the English category label.
const LABELS: Record<LabelKey, Partial<Record<Locale, string>>> = {
  restaurant: { de: "Restaurant", fr: "Restaurant", es: "Restaurante", pt: "Restaurante", it: "Ristorante", tr: "Lokantası", nl: "Restaurant", pl: "Restauracja", ru: "Ресторан", el: "Ταβέρνα", zh: "餐厅", ja: "食堂", ko: "식당" },
  cafe: { de: "Café", fr: "Café", es: "Cafetería", pt: "Café", it: "Caffè", tr: "Kahvesi", nl: "Koffiehuis", pl: "Kawiarnia", ru: "Кофейня", el: "Καφέ", zh: "咖啡馆", ja: "珈琲店", ko: "카페" },
  bakery: { de: "Bäckerei", fr: "Boulangerie", es: "Panadería", pt: "Padaria", it: "Panificio", tr: "Fırını", nl: "Bakkerij", pl: "Piekarnia", ru: "Пекарня", el: "Αρτοποιείο", zh: "面包店", ja: "ベーカリー", ko: "베이커리" },
  pastry: { de: "Konditorei", fr: "Pâtisserie", es: "Pastelería", pt: "Confeitaria", it: "Pasticceria", tr: "Pastanesi", nl: "Banketbakkerij", pl: "Cukiernia", ru: "Кондитерская", el: "Ζαχαροπλαστείο", zh: "甜品店", ja: "洋菓子店", ko: "제과점" },
  butcher: { de: "Metzgerei", fr: "Boucherie", es: "Carnicería", pt: "Açougue", it: "Macelleria", tr: "Kasabı", nl: "Slagerij", pl: "Sklep Mięsny", ru: "Мясная лавка", el: "Κρεοπωλείο", zh: "肉铺", ja: "精肉店", ko: "정육점" },
  pharmacy: { de: "Apotheke", fr: "Pharmacie", es: "Farmacia", pt: "Farmácia", it: "Farmacia", tr: "Eczanesi", nl: "Apotheek", pl: "Apteka", ru: "Аптека", el: "Φαρμακείο", zh: "药房", ja: "薬局", ko: "약국" },
  hotel: { de: "Hotel", fr: "Hôtel", es: "Hotel", pt: "Hotel", it: "Albergo", tr: "Otel", nl: "Hotel", pl: "Hotel", ru: "Гостиница", el: "Ξενοδοχείο", zh: "酒店", ja: "ホテル", ko: "호텔" },
  dentist: { de: "Zahnarztpraxis", fr: "Cabinet Dentaire", es: "Clínica Dental", pt: "Clínica Odontológica", it: "Studio Dentistico", tr: "Diş Kliniği", nl: "Tandartspraktijk", pl: "Gabinet Stomatologiczny", ru: "Стоматология", el: "Οδοντιατρείο", zh: "牙科诊所", ja: "歯科医院", ko: "치과" },
  hair: { de: "Friseursalon", fr: "Salon de Coiffure", es: "Peluquería", pt: "Salão", it: "Parrucchiere", tr: "Kuaför", nl: "Kapsalon", pl: "Salon Fryzjerski", ru: "Парикмахерская", el: "Κομμωτήριο", zh: "美发沙龙", ja: "美容室", ko: "미용실" },
  barber: { de: "Barbier", fr: "Barbier", es: "Barbería", pt: "Barbearia", it: "Barbiere", tr: "Berber", nl: "Barbier", pl: "Barber", ru: "Барбершоп", el: "Κουρείο", zh: "理发店", ja: "理容室", ko: "이발소" },
  supermarket: { de: "Supermarkt", fr: "Supermarché", es: "Supermercado", pt: "Supermercado", it: "Supermercato", tr: "Market", nl: "Supermarkt", pl: "Supermarket", ru: "Супермаркет", el: "Σούπερ Μάρκετ", zh: "超市", ja: "スーパー", ko: "마트" },
  grocery: { de: "Lebensmittel", fr: "Épicerie", es: "Abarrotes", pt: "Mercearia", it: "Alimentari", tr: "Bakkal", nl: "Toko", pl: "Sklep Spożywczy", ru: "Продукты", el: "Παντοπωλείο", zh: "杂货店", ja: "食料品店", ko: "식료품점" },
  lawyer: { de: "Kanzlei", fr: "Cabinet d'Avocats", es: "Abogados", pt: "Advogados", it: "Studio Legale", tr: "Hukuk Bürosu", nl: "Advocatenkantoor", pl: "Kancelaria Adwokacka", ru: "Адвокатская контора", el: "Δικηγορικό Γραφείο", zh: "律师事务所", ja: "法律事務所", ko: "법률사무소" },
  car_repair: { de: "Kfz-Werkstatt", fr: "Garage", es: "Taller Mecánico", pt: "Oficina Mecânica", it: "Autofficina", tr: "Oto Tamir", nl: "Autogarage", pl: "Warsztat Samochodowy", ru: "Автосервис", el: "Συνεργείο", zh: "汽车维修", ja: "自動車整備", ko: "카센터" },
  florist: { de: "Blumen", fr: "Fleuriste", es: "Floristería", pt: "Floricultura", it: "Fioraio", tr: "Çiçekçilik", nl: "Bloemist", pl: "Kwiaciarnia", ru: "Цветы", el: "Ανθοπωλείο", zh: "花店", ja: "花屋", ko: "꽃집" },
  optician: { de: "Optik", fr: "Opticien", es: "Óptica", pt: "Ótica", it: "Ottica", tr: "Optik", nl: "Opticien", pl: "Optyk", ru: "Оптика", el: "Οπτικά", zh: "眼镜店", ja: "メガネ店", ko: "안경원" },
  real_estate: { de: "Immobilien", fr: "Immobilier", es: "Inmobiliaria", pt: "Imobiliária", it: "Immobiliare", tr: "Emlak", nl: "Makelaardij", pl: "Nieruchomości", ru: "Агентство недвижимости", el: "Μεσιτικό Γραφείο", zh: "房产中介", ja: "不動産", ko: "부동산" },
  bar: { de: "Kneipe", fr: "Bar", es: "Bar", pt: "Bar", it: "Bar", tr: "Bar", nl: "Café", pl: "Pub", ru: "Бар", el: "Μπαρ", zh: "酒吧", ja: "居酒屋", ko: "호프" },
  gym: { de: "Fitnessstudio", fr: "Salle de Sport", es: "Gimnasio", pt: "Academia", it: "Palestra", tr: "Spor Salonu", nl: "Sportschool", pl: "Siłownia", ru: "Фитнес-клуб", el: "Γυμναστήριο", zh: "健身房", ja: "フィットネスジム", ko: "헬스장" },
  doctor: { de: "Arztpraxis", fr: "Cabinet Médical", es: "Consultorio Médico", pt: "Clínica Médica", it: "Studio Medico", tr: "Tıp Merkezi", nl: "Huisartsenpraktijk", pl: "Przychodnia", ru: "Медицинский центр", el: "Ιατρείο", zh: "诊所", ja: "クリニック", ko: "의원" },
};

export function localeData(locale: Locale): LocaleData {
  return LOCALES[locale];
}

export function localLabel(key: LabelKey | undefined, locale: Locale): string | undefined {
  return key ? LABELS[key][locale] : undefined;
}

/** Weekday names in other languages, for the "hours keyed in the scraper's UI language" mess. */
export const FOREIGN_WEEKDAYS: ReadonlyArray<readonly string[]> = [
  ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
  ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
  ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
  ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
  ["Pazartesi", "Salı", "Çarşamba", "Perşembe", "Cuma", "Cumartesi", "Pazar"],
];
