// Google Maps category list (ordered by how common it is) → per-group hours, amenities, names and review levels.
// The list order is the popularity rank: the factory draws from it with Zipf weights, so "Restaurant" is
// about twice as common as "Coffee shop" and a hundred times as common as "Orthodontist".
import type { LabelKey } from "./locale-data.ts";

export type CategoryGroup =
  | "restaurant"
  | "fast_food"
  | "cafe"
  | "bar"
  | "nightlife"
  | "bakery"
  | "food_shop"
  | "supermarket"
  | "convenience"
  | "lodging"
  | "health"
  | "hospital"
  | "pharmacy"
  | "beauty"
  | "fitness"
  | "auto"
  | "gas_station"
  | "car_dealer"
  | "retail"
  | "mall"
  | "professional"
  | "finance"
  | "education"
  | "worship"
  | "trades"
  | "services"
  | "culture"
  | "public"
  | "transport"
  | "venue";

export type HoursProfile =
  | "restaurant"
  | "fast_food"
  | "cafe"
  | "bar"
  | "nightlife"
  | "bakery"
  | "retail"
  | "supermarket"
  | "convenience"
  | "office"
  | "health"
  | "pharmacy"
  | "gas"
  | "always"
  | "fitness"
  | "beauty"
  | "auto"
  | "bank"
  | "school"
  | "worship"
  | "culture"
  | "services";

export type Category = {
  /** Google's main category, exported as `type` and first in `subtypes`. */
  name: string;
  group: CategoryGroup;
  /** The search term a scraper run used, exported as `category` (Outscraper style: "restaurants"). */
  query: string;
  /** Words used inside English business names ("Pizzeria", "Dental Care"). */
  labels: readonly string[];
  labelKey?: LabelKey;
};

/** [group, amenity, chance the listing shows it, chance it is true when shown (default 0.95)]. */
export type AmenityRule = readonly [string, string, number, number?];

export type GroupProfile = {
  hours: HoursProfile;
  amenities: readonly AmenityRule[];
  descriptions: readonly string[];
  /** English name shapes: {Label} {Surname} {Surname2} {Given} {Word} {City} {Brand}. */
  patterns: readonly string[];
  /** Fictional chain names (no real brand is used, so no row looks like a real company's branch). */
  brands?: readonly string[];
  subtypePool: readonly string[];
  /** Log-normal review count: median e^mu. */
  reviewsMu: number;
  ratingShift: number;
  websiteChance: number;
  descriptionChance: number;
};

type Row = readonly [name: string, group: CategoryGroup, labelKey?: LabelKey | null, labels?: readonly string[] | null, query?: string];

// Ordered by rough frequency on Google Maps; names are Google's English category names.
const ROWS: readonly Row[] = [
  ["Restaurant", "restaurant", "restaurant"],
  ["Coffee shop", "cafe", "cafe", ["Coffee", "Coffee House", "Café"], "coffee shops"],
  ["Hotel", "lodging", "hotel", ["Hotel", "Inn", "Suites"]],
  ["Hair salon", "beauty", "hair", ["Hair Salon", "Hair Studio", "Salon"]],
  ["Supermarket", "supermarket", "supermarket", ["Market", "Supermarket", "Foods"]],
  ["Pharmacy", "pharmacy", "pharmacy", ["Pharmacy", "Drugstore", "Chemist"]],
  ["Dentist", "health", "dentist", ["Dental Care", "Dental", "Dentistry", "Dental Clinic"], "dentists"],
  ["Fast food restaurant", "fast_food", null, ["Burgers", "Express", "Grill"]],
  ["Auto repair shop", "auto", "car_repair", ["Auto Repair", "Auto Service", "Garage", "Motors"], "auto repair shops"],
  ["Gas station", "gas_station", null, ["Fuel", "Gas"], "gas stations"],
  ["Bakery", "bakery", "bakery", ["Bakery", "Bakehouse", "Bread Co."]],
  ["Clothing store", "retail", null, ["Boutique", "Clothing", "Fashion", "Apparel"]],
  ["Beauty salon", "beauty", "hair", ["Beauty", "Beauty Salon", "Beauty Lounge"]],
  ["Pizza restaurant", "restaurant", "restaurant", ["Pizza", "Pizzeria", "Pizza Co."]],
  ["Bar", "bar", "bar", ["Bar", "Tavern", "Lounge"]],
  ["Convenience store", "convenience", "grocery", ["Mart", "Market", "Express"]],
  ["Lawyer", "professional", "lawyer", ["Law Firm", "Law Office", "Legal"], "lawyers"],
  ["Real estate agency", "professional", "real_estate", ["Realty", "Real Estate", "Properties", "Homes"], "real estate agencies"],
  ["Gym", "fitness", "gym", ["Fitness", "Gym", "Athletic Club"]],
  ["Cafe", "cafe", "cafe", ["Café", "Cafe", "Coffee Bar"], "cafes"],
  ["Barber shop", "beauty", "barber", ["Barber Shop", "Barbers", "Barbershop"]],
  ["Church", "worship", null, ["Church", "Community Church", "Baptist Church"], "churches"],
  ["Medical clinic", "health", "doctor", ["Medical Clinic", "Medical Center", "Health Center", "Family Medicine"], "doctors"],
  ["Bank", "finance", null, ["Bank"], "banks"],
  ["Italian restaurant", "restaurant", "restaurant", ["Trattoria", "Osteria", "Italian Kitchen", "Ristorante"]],
  ["Grocery store", "supermarket", "grocery", ["Grocery", "Food Market", "Grocers"]],
  ["Nail salon", "beauty", null, ["Nails", "Nail Spa", "Nail Bar"]],
  ["Hardware store", "retail", null, ["Hardware", "Home & Hardware", "Tools"]],
  ["Insurance agency", "professional", null, ["Insurance", "Insurance Agency", "Insurance Services"], "insurance agencies"],
  ["Accounting firm", "professional", null, ["Accounting", "CPA", "Tax & Accounting"], "accountants"],
  ["Mexican restaurant", "restaurant", "restaurant", ["Taqueria", "Cantina", "Mexican Grill"]],
  ["Chinese restaurant", "restaurant", "restaurant", ["Chinese Restaurant", "Garden", "Wok"]],
  ["Furniture store", "retail", null, ["Furniture", "Home Furnishings", "Interiors"]],
  ["Cell phone store", "retail", null, ["Mobile", "Wireless", "Phone Shop"]],
  ["Butcher shop", "food_shop", "butcher", ["Butchers", "Meats", "Butcher Shop"], "butcher shops"],
  ["Car dealer", "car_dealer", null, ["Motors", "Auto Sales", "Cars"], "car dealers"],
  ["Veterinarian", "health", null, ["Animal Hospital", "Veterinary Clinic", "Pet Clinic"], "veterinarians"],
  ["Shoe store", "retail", null, ["Shoes", "Footwear", "Shoe Store"]],
  ["Florist", "retail", "florist", ["Flowers", "Florist", "Blooms"], "florists"],
  ["Optician", "retail", "optician", ["Optical", "Eyewear", "Opticians"], "opticians"],
  ["Electronics store", "retail", null, ["Electronics", "Tech", "Digital"]],
  ["Jewelry store", "retail", null, ["Jewelers", "Jewelry", "Gold & Diamonds"]],
  ["Physical therapist", "health", null, ["Physical Therapy", "Physio", "Rehab"], "physical therapists"],
  ["Hostel", "lodging", null, ["Hostel", "Backpackers"], "hostels"],
  ["Pub", "bar", "bar", ["Pub", "Arms", "Tavern"], "pubs"],
  ["Sushi restaurant", "restaurant", "restaurant", ["Sushi", "Sushi Bar"]],
  ["Ice cream shop", "cafe", null, ["Gelato", "Ice Cream", "Creamery"], "ice cream shops"],
  ["Day spa", "beauty", null, ["Spa", "Day Spa", "Wellness"], "spas"],
  ["Laundromat", "services", null, ["Laundromat", "Laundry", "Wash & Fold"], "laundromats"],
  ["Dry cleaner", "services", null, ["Cleaners", "Dry Cleaning"], "dry cleaners"],
  ["Plumber", "trades", null, ["Plumbing", "Plumbing & Heating"], "plumbers"],
  ["Electrician", "trades", null, ["Electric", "Electrical Services"], "electricians"],
  ["Locksmith", "trades", null, ["Locksmith", "Lock & Key"], "locksmiths"],
  ["Moving company", "trades", null, ["Movers", "Moving & Storage"], "moving companies"],
  ["Pet store", "retail", null, ["Pet Supply", "Pets", "Pet Shop"]],
  ["Book store", "retail", null, ["Books", "Bookshop", "Booksellers"], "bookstores"],
  ["Liquor store", "retail", null, ["Wine & Spirits", "Liquors", "Bottle Shop"]],
  ["Tire shop", "auto", "car_repair", ["Tire", "Tyres", "Tire & Auto"]],
  ["Car wash", "auto", null, ["Car Wash", "Auto Spa"], "car washes"],
  ["Driving school", "education", null, ["Driving School", "Driving Academy"], "driving schools"],
  ["Primary school", "education", null, ["Elementary School", "Primary School"], "schools"],
  ["Language school", "education", null, ["Language Center", "Language Academy", "English School"], "language schools"],
  ["Preschool", "education", null, ["Preschool", "Kindergarten", "Early Learning Center"], "preschools"],
  ["Hospital", "hospital", null, ["Hospital", "General Hospital", "Medical Center"], "hospitals"],
  ["Chiropractor", "health", null, ["Chiropractic", "Spine & Wellness"], "chiropractors"],
  ["Psychologist", "health", null, ["Psychology", "Counseling", "Therapy"], "psychologists"],
  ["Yoga studio", "fitness", null, ["Yoga", "Yoga Studio", "Yoga Shala"], "yoga studios"],
  ["Martial arts school", "fitness", null, ["Martial Arts", "Karate Dojo", "Jiu-Jitsu"], "martial arts schools"],
  ["Dance school", "education", null, ["Dance Studio", "Dance Academy"], "dance schools"],
  ["Tattoo shop", "beauty", null, ["Tattoo", "Ink", "Tattoo Studio"], "tattoo shops"],
  ["Massage therapist", "beauty", null, ["Massage", "Massage Therapy", "Bodywork"], "massage"],
  ["Indian restaurant", "restaurant", "restaurant", ["Tandoori", "Curry House", "Indian Cuisine"]],
  ["Thai restaurant", "restaurant", "restaurant", ["Thai", "Thai Kitchen", "Siam"]],
  ["Japanese restaurant", "restaurant", "restaurant", ["Izakaya", "Japanese Kitchen", "Sushi & Grill"]],
  ["Seafood restaurant", "restaurant", "restaurant", ["Seafood", "Fish House", "Oyster Bar"]],
  ["Steak house", "restaurant", "restaurant", ["Steakhouse", "Chophouse", "Grill"]],
  ["Hamburger restaurant", "fast_food", null, ["Burgers", "Burger Joint", "Burger Bar"]],
  ["Vegetarian restaurant", "restaurant", "restaurant", ["Green Kitchen", "Veggie", "Plant Kitchen"]],
  ["Kebab shop", "fast_food", null, ["Kebab", "Döner", "Kebap"]],
  ["Bistro", "restaurant", "restaurant", ["Bistro", "Brasserie"]],
  ["Brewery", "bar", null, ["Brewing Co.", "Brewery", "Taproom"], "breweries"],
  ["Wine bar", "bar", "bar", ["Wine Bar", "Vinoteca", "Wine Room"]],
  ["Cocktail bar", "bar", "bar", ["Cocktail Bar", "Lounge", "Speakeasy"]],
  ["Night club", "nightlife", null, ["Club", "Nightclub"], "night clubs"],
  ["Tea house", "cafe", "cafe", ["Tea House", "Tea Room", "Tea Bar"], "tea houses"],
  ["Pastry shop", "bakery", "pastry", ["Pâtisserie", "Pastry Shop", "Cakes"], "pastry shops"],
  ["Deli", "food_shop", null, ["Deli", "Delicatessen"], "delis"],
  ["Seafood market", "food_shop", null, ["Fish Market", "Seafood", "Fishmonger"], "fish markets"],
  ["Produce market", "food_shop", "grocery", ["Fruit & Veg", "Produce", "Farm Market"], "produce markets"],
  ["Sporting goods store", "retail", null, ["Sports", "Outdoor", "Sporting Goods"]],
  ["Toy store", "retail", null, ["Toys", "Toy Box", "Toy Shop"]],
  ["Department store", "retail", null, ["Department Store", "Emporium"]],
  ["Shopping mall", "mall", null, ["Mall", "Shopping Center", "Plaza"], "shopping malls"],
  ["Home goods store", "retail", null, ["Home", "Home Goods", "Living"]],
  ["Cosmetics store", "retail", null, ["Cosmetics", "Beauty Store", "Beauty Supply"]],
  ["Gift shop", "retail", null, ["Gifts", "Gift Shop", "Souvenirs"]],
  ["Bicycle shop", "retail", null, ["Bikes", "Cycles", "Bike Shop"]],
  ["Computer store", "retail", null, ["Computers", "PC Center", "IT Store"]],
  ["Stationery store", "retail", null, ["Stationery", "Paper & Pen", "Office Supplies"]],
  ["Motel", "lodging", null, ["Motel", "Motor Inn", "Motor Lodge"], "motels"],
  ["Bed & breakfast", "lodging", null, ["B&B", "Bed & Breakfast", "Guesthouse"], "bed and breakfasts"],
  ["Guest house", "lodging", null, ["Guest House", "Pension", "Lodge"], "guest houses"],
  ["Travel agency", "professional", null, ["Travel", "Tours & Travel", "Holidays"], "travel agencies"],
  ["Marketing agency", "professional", null, ["Marketing", "Digital", "Media"], "marketing agencies"],
  ["Advertising agency", "professional", null, ["Advertising", "Creative", "Ads"], "advertising agencies"],
  ["Business management consultant", "professional", null, ["Consulting", "Advisors", "Partners"], "consultants"],
  ["Software company", "professional", null, ["Software", "Labs", "Technologies"], "software companies"],
  ["Architect", "professional", null, ["Architects", "Architecture", "Design Studio"], "architects"],
  ["Notary public", "professional", "lawyer", ["Notary", "Notary Office"], "notaries"],
  ["Employment agency", "professional", null, ["Staffing", "Recruitment", "Careers"], "employment agencies"],
  ["Tax preparation service", "professional", null, ["Tax Service", "Tax Pros", "Tax & Bookkeeping"], "tax preparation"],
  ["Financial planner", "professional", null, ["Wealth Management", "Financial", "Capital"], "financial planners"],
  ["Post office", "public", null, ["Post Office"], "post offices"],
  ["Museum", "culture", null, ["Museum", "Heritage Museum", "History Museum"], "museums"],
  ["Movie theater", "culture", null, ["Cinema", "Cinemas", "Theatre"], "movie theaters"],
  ["Art gallery", "culture", null, ["Gallery", "Art Gallery", "Fine Art"], "art galleries"],
  ["Public library", "public", null, ["Library", "Public Library"], "libraries"],
  ["Mosque", "worship", null, ["Mosque", "Masjid", "Islamic Center"], "mosques"],
  ["Hindu temple", "worship", null, ["Temple", "Mandir"], "temples"],
  ["Synagogue", "worship", null, ["Synagogue", "Congregation"], "synagogues"],
  ["Buddhist temple", "worship", null, ["Temple", "Monastery", "Meditation Center"], "temples"],
  ["Funeral home", "services", null, ["Funeral Home", "Funeral Services", "Memorial Chapel"], "funeral homes"],
  ["Print shop", "services", null, ["Print", "Printing", "Copy & Print"], "print shops"],
  ["Photographer", "services", null, ["Photography", "Photo Studio"], "photographers"],
  ["Event venue", "venue", null, ["Events", "Event Center", "Hall"], "event venues"],
  ["Wedding venue", "venue", null, ["Manor", "Gardens", "Estate"], "wedding venues"],
  ["Caterer", "services", null, ["Catering", "Events & Catering"], "caterers"],
  ["Painter", "trades", null, ["Painting", "Painters", "Decorating"], "painters"],
  ["Roofing contractor", "trades", null, ["Roofing", "Roofing & Siding"], "roofers"],
  ["General contractor", "trades", null, ["Construction", "Builders", "Contracting"], "contractors"],
  ["HVAC contractor", "trades", null, ["Heating & Air", "HVAC", "Climate Control"], "hvac"],
  ["Landscaper", "trades", null, ["Landscaping", "Lawn & Garden", "Gardens"], "landscapers"],
  ["House cleaning service", "services", null, ["Cleaning", "Maids", "Cleaning Services"], "cleaning services"],
  ["Pest control service", "trades", null, ["Pest Control", "Exterminators"], "pest control"],
  ["Self-storage facility", "services", null, ["Self Storage", "Storage"], "storage"],
  ["Parking lot", "transport", null, ["Parking", "Car Park"], "parking"],
  ["Car rental agency", "transport", null, ["Car Rental", "Rent-a-Car"], "car rental"],
  ["Taxi service", "transport", null, ["Taxi", "Cabs", "Car Service"], "taxi"],
  ["Auto parts store", "auto", null, ["Auto Parts", "Parts Center"], "auto parts"],
  ["Motorcycle dealer", "car_dealer", null, ["Motorcycles", "Moto", "Powersports"], "motorcycle dealers"],
  ["Pediatrician", "health", "doctor", ["Pediatrics", "Children's Clinic", "Kids Health"], "pediatricians"],
  ["Dermatologist", "health", "doctor", ["Dermatology", "Skin Clinic", "Skin Care"], "dermatologists"],
  ["Orthodontist", "health", "dentist", ["Orthodontics", "Smiles", "Braces"], "orthodontists"],
  ["Eye care center", "health", "optician", ["Eye Care", "Vision Center", "Eye Clinic"], "eye doctors"],
  ["Pet groomer", "services", null, ["Pet Grooming", "Dog Spa", "Grooming"], "pet groomers"],
  ["Coworking space", "services", null, ["Cowork", "Workspace", "Hub"], "coworking spaces"],
  ["ATM", "finance", null, ["ATM"], "atm"],
  ["Currency exchange service", "finance", null, ["Currency Exchange", "Forex", "Money Exchange"], "currency exchange"],
  ["Mobile phone repair shop", "services", null, ["Phone Repair", "Fix", "iRepair"], "phone repair"],
  ["Tailor", "services", null, ["Tailors", "Alterations", "Tailoring"], "tailors"],
  ["Beauty supply store", "retail", null, ["Beauty Supply", "Salon Supply"]],
  ["Thrift store", "retail", null, ["Thrift", "Second Hand", "Vintage"], "thrift stores"],
  ["Donut shop", "bakery", null, ["Donuts", "Doughnuts"], "donut shops"],
  ["Sandwich shop", "fast_food", null, ["Sandwiches", "Subs", "Sandwich Bar"], "sandwich shops"],
  ["Breakfast restaurant", "restaurant", "restaurant", ["Diner", "Breakfast Club", "Pancake House"]],
  ["Noodle shop", "restaurant", "restaurant", ["Noodle House", "Noodle Bar", "Noodles"]],
  ["Korean restaurant", "restaurant", "restaurant", ["Korean BBQ", "Korean Kitchen"]],
  ["Vietnamese restaurant", "restaurant", "restaurant", ["Pho", "Vietnamese Kitchen", "Saigon"]],
  ["Turkish restaurant", "restaurant", "restaurant", ["Ocakbaşı", "Kebap House", "Turkish Grill"]],
  ["French restaurant", "restaurant", "restaurant", ["Brasserie", "Bistrot", "Café"]],
  ["Greek restaurant", "restaurant", "restaurant", ["Taverna", "Greek Kitchen", "Souvlaki"]],
  ["Mediterranean restaurant", "restaurant", "restaurant", ["Mezze", "Mediterranean Grill"]],
  ["Barbecue restaurant", "restaurant", "restaurant", ["BBQ", "Smokehouse", "Barbecue"]],
  ["Ramen restaurant", "restaurant", "restaurant", ["Ramen", "Ramen-ya", "Ramen Bar"]],
  ["Chicken restaurant", "fast_food", null, ["Chicken", "Wings", "Fried Chicken"]],
  ["Family restaurant", "restaurant", "restaurant", ["Family Restaurant", "Kitchen", "Diner"]],
  ["Juice shop", "cafe", null, ["Juice Bar", "Juicery", "Smoothies"], "juice bars"],
];

const DEFAULT_QUERY: Record<CategoryGroup, string> = {
  restaurant: "restaurants",
  fast_food: "restaurants",
  cafe: "cafes",
  bar: "bars",
  nightlife: "night clubs",
  bakery: "bakeries",
  food_shop: "food shops",
  supermarket: "supermarkets",
  convenience: "convenience stores",
  lodging: "hotels",
  health: "doctors",
  hospital: "hospitals",
  pharmacy: "pharmacies",
  beauty: "beauty salons",
  fitness: "gyms",
  auto: "auto repair shops",
  gas_station: "gas stations",
  car_dealer: "car dealers",
  retail: "shops",
  mall: "shopping malls",
  professional: "professional services",
  finance: "banks",
  education: "schools",
  worship: "places of worship",
  trades: "contractors",
  services: "local services",
  culture: "attractions",
  public: "public services",
  transport: "transportation",
  venue: "event venues",
};

export const CATEGORIES: readonly Category[] = ROWS.map(([name, group, labelKey, labels, query]) => ({
  name,
  group,
  query: query ?? DEFAULT_QUERY[group],
  labels: labels ?? [name],
  ...(labelKey ? { labelKey } : {}),
}));

const ACCESS: readonly AmenityRule[] = [
  ["Accessibility", "Wheelchair accessible entrance", 0.7, 0.85],
  ["Accessibility", "Wheelchair accessible parking lot", 0.35, 0.8],
  ["Accessibility", "Wheelchair accessible restroom", 0.3, 0.75],
];
const PAY: readonly AmenityRule[] = [
  ["Payments", "Credit cards", 0.6],
  ["Payments", "Debit cards", 0.5],
  ["Payments", "NFC mobile payments", 0.4],
  ["Payments", "Cash only", 0.03],
];
const PARKING: readonly AmenityRule[] = [
  ["Parking", "Free parking lot", 0.25],
  ["Parking", "Free street parking", 0.2],
  ["Parking", "Paid street parking", 0.15],
  ["Parking", "Paid parking lot", 0.1],
];
const FROM_BUSINESS: readonly AmenityRule[] = [
  ["From the business", "Identifies as women-owned", 0.08],
  ["From the business", "Identifies as veteran-owned", 0.02],
  ["From the business", "Small business", 0.15],
];
const SHOP: readonly AmenityRule[] = [
  ["Service options", "In-store shopping", 0.85],
  ["Service options", "In-store pickup", 0.35],
  ["Service options", "Curbside pickup", 0.15],
  ["Service options", "Delivery", 0.3, 0.7],
  ["Service options", "Same-day delivery", 0.1],
  ...ACCESS,
  ...PAY,
  ...PARKING,
];
const APPOINTMENTS: readonly AmenityRule[] = [
  ["Service options", "Online appointments", 0.3],
  ["Service options", "Onsite services", 0.4],
  ["Planning", "Appointment required", 0.35],
  ["Planning", "Appointments recommended", 0.3],
];
const FOOD: readonly AmenityRule[] = [
  ["Service options", "Dine-in", 0.9, 0.97],
  ["Service options", "Takeout", 0.85],
  ["Service options", "Delivery", 0.6, 0.7],
  ["Service options", "Outdoor seating", 0.35],
  ["Service options", "No-contact delivery", 0.2],
  ["Service options", "Curbside pickup", 0.1],
  ["Highlights", "Fast service", 0.15],
  ["Popular for", "Lunch", 0.5],
  ["Popular for", "Dinner", 0.55],
  ["Popular for", "Solo dining", 0.3],
  ...ACCESS,
  ["Accessibility", "Wheelchair accessible seating", 0.3, 0.85],
  ["Offerings", "Alcohol", 0.5, 0.8],
  ["Offerings", "Beer", 0.45],
  ["Offerings", "Wine", 0.4],
  ["Offerings", "Vegetarian options", 0.5],
  ["Offerings", "Healthy options", 0.3],
  ["Offerings", "Quick bite", 0.3],
  ["Offerings", "Small plates", 0.15],
  ["Offerings", "Comfort food", 0.2],
  ["Dining options", "Lunch", 0.7],
  ["Dining options", "Dinner", 0.75],
  ["Dining options", "Dessert", 0.4],
  ["Dining options", "Catering", 0.15],
  ["Dining options", "Seating", 0.5],
  ["Amenities", "Restroom", 0.5],
  ["Amenities", "Wi-Fi", 0.2, 0.8],
  ["Atmosphere", "Casual", 0.6],
  ["Atmosphere", "Cozy", 0.3],
  ["Atmosphere", "Trendy", 0.1],
  ["Crowd", "Groups", 0.4],
  ["Crowd", "Family-friendly", 0.35],
  ["Crowd", "Tourists", 0.15],
  ["Planning", "Accepts reservations", 0.45, 0.8],
  ["Children", "Good for kids", 0.45, 0.9],
  ["Children", "High chairs", 0.25],
  ...PAY,
  ...PARKING,
];
const FAST_FOOD: readonly AmenityRule[] = [
  ["Service options", "Dine-in", 0.8, 0.9],
  ["Service options", "Takeout", 0.95],
  ["Service options", "Delivery", 0.7],
  ["Service options", "Drive-through", 0.35, 0.9],
  ["Service options", "Curbside pickup", 0.15],
  ["Highlights", "Fast service", 0.4],
  ...ACCESS,
  ["Offerings", "Quick bite", 0.6],
  ["Offerings", "Late-night food", 0.2],
  ["Offerings", "Kids' menu", 0.3],
  ["Dining options", "Lunch", 0.7],
  ["Dining options", "Dinner", 0.7],
  ["Amenities", "Restroom", 0.5],
  ["Amenities", "Free Wi-Fi", 0.2],
  ["Atmosphere", "Casual", 0.7],
  ["Children", "Good for kids", 0.5],
  ...PAY,
];
const CAFE: readonly AmenityRule[] = [
  ["Service options", "Dine-in", 0.9],
  ["Service options", "Takeout", 0.9],
  ["Service options", "Delivery", 0.4, 0.6],
  ["Service options", "Outdoor seating", 0.4],
  ["Highlights", "Great coffee", 0.45],
  ["Highlights", "Great tea selection", 0.1],
  ...ACCESS,
  ["Offerings", "Coffee", 0.8],
  ["Offerings", "Vegetarian options", 0.35],
  ["Offerings", "Quick bite", 0.4],
  ["Dining options", "Breakfast", 0.6],
  ["Dining options", "Brunch", 0.35],
  ["Dining options", "Dessert", 0.5],
  ["Amenities", "Free Wi-Fi", 0.45, 0.9],
  ["Amenities", "Restroom", 0.5],
  ["Atmosphere", "Cozy", 0.5],
  ["Atmosphere", "Casual", 0.6],
  ["Crowd", "College students", 0.15],
  ["Crowd", "Solo dining", 0.2],
  ["Planning", "Laptop-friendly", 0.25],
  ...PAY,
];
const BAR: readonly AmenityRule[] = [
  ["Service options", "Dine-in", 0.8],
  ["Service options", "Outdoor seating", 0.35],
  ["Highlights", "Live music", 0.2],
  ["Highlights", "Sport", 0.2],
  ["Offerings", "Alcohol", 0.9],
  ["Offerings", "Beer", 0.8],
  ["Offerings", "Cocktails", 0.6],
  ["Offerings", "Wine", 0.6],
  ["Offerings", "Happy-hour drinks", 0.35],
  ["Offerings", "Spirits", 0.4],
  ["Amenities", "Bar on site", 0.5],
  ["Amenities", "Toilets", 0.5],
  ["Atmosphere", "Casual", 0.6],
  ["Atmosphere", "Cosy", 0.3],
  ["Crowd", "Groups", 0.5],
  ["Crowd", "LGBTQ+ friendly", 0.1],
  ...ACCESS,
  ...PAY,
];
const LODGING: readonly AmenityRule[] = [
  ["Amenities", "Free Wi-Fi", 0.8],
  ["Amenities", "Free parking", 0.4, 0.8],
  ["Amenities", "Air conditioning", 0.6],
  ["Amenities", "Pool", 0.2, 0.9],
  ["Amenities", "Fitness center", 0.25],
  ["Amenities", "Restaurant", 0.4],
  ["Amenities", "Free breakfast", 0.45, 0.7],
  ["Amenities", "Pet-friendly", 0.2, 0.6],
  ["Amenities", "Airport shuttle", 0.1],
  ["Amenities", "Laundry service", 0.3],
  ["Accessibility", "Wheelchair accessible entrance", 0.5, 0.9],
  ["Planning", "LGBTQ+ friendly", 0.08],
];
const HEALTH: readonly AmenityRule[] = [
  ...APPOINTMENTS,
  ...ACCESS,
  ["Amenities", "Gender-neutral restroom", 0.05],
  ["Amenities", "Restroom", 0.3],
  ["Payments", "Credit cards", 0.4],
  ["Payments", "Debit cards", 0.3],
  ...PARKING,
];
const BEAUTY: readonly AmenityRule[] = [...APPOINTMENTS, ...ACCESS, ...PAY, ...FROM_BUSINESS, ["Crowd", "LGBTQ+ friendly", 0.08]];
const FITNESS: readonly AmenityRule[] = [
  ["Amenities", "Showers", 0.4],
  ["Amenities", "Locker room", 0.4],
  ["Amenities", "Restroom", 0.5],
  ["Service options", "Onsite services", 0.3],
  ["Service options", "Online classes", 0.2],
  ...ACCESS,
  ...PARKING,
];
const AUTO: readonly AmenityRule[] = [
  ["Service options", "Onsite services", 0.4],
  ["Planning", "Appointments recommended", 0.3],
  ["Offerings", "Oil change", 0.5],
  ["Offerings", "Repair services", 0.5],
  ["Amenities", "Restroom", 0.3],
  ...ACCESS,
  ...PAY,
  ...FROM_BUSINESS,
];
const GAS: readonly AmenityRule[] = [
  ["Offerings", "Diesel fuel", 0.6],
  ["Offerings", "Convenience store", 0.6],
  ["Offerings", "Car wash", 0.2],
  ["Offerings", "Electric vehicle charging station", 0.1],
  ["Amenities", "Restroom", 0.6],
  ["Amenities", "Air pump", 0.35],
  ...ACCESS,
  ...PAY,
];
const GENERIC: readonly AmenityRule[] = [
  ["Service options", "Onsite services", 0.35],
  ["Service options", "Online appointments", 0.15],
  ...ACCESS,
  ...PAY,
];
const PROFESSIONAL: readonly AmenityRule[] = [...APPOINTMENTS, ...ACCESS, ...FROM_BUSINESS];
const WORSHIP: readonly AmenityRule[] = [...ACCESS, ["Amenities", "Restroom", 0.3], ["Amenities", "Gender-neutral restroom", 0.03]];
const CULTURE: readonly AmenityRule[] = [
  ...ACCESS,
  ["Amenities", "Restroom", 0.5],
  ["Children", "Good for kids", 0.5],
  ["Planning", "Tickets required", 0.2],
  ...PAY,
];

const DEFAULT_PATTERNS = ["{Surname} {Label}", "{Word} {Label}", "{City} {Label}", "The {Word} {Label}", "{Surname}'s {Label}"];

const GROUPS: Record<CategoryGroup, GroupProfile> = {
  restaurant: {
    hours: "restaurant",
    amenities: FOOD,
    reviewsMu: 4.7,
    ratingShift: 0,
    websiteChance: 0.55,
    descriptionChance: 0.45,
    patterns: [...DEFAULT_PATTERNS, "{Word} Kitchen", "{Word} Bistro", "{Surname}'s", "{Word} Grill", "{Label} {Word}", "{Given}'s {Label}"],
    descriptions: [
      "Casual spot serving {type} classics, plus wine & beer.",
      "Relaxed eatery with a seasonal menu of local dishes & a small terrace.",
      "Family-run {type} known for generous portions & friendly service.",
      "Stylish {type} offering tasting menus & an extensive wine list.",
    ],
    subtypePool: [
      "Family restaurant",
      "Takeout restaurant",
      "Bar & grill",
      "Lunch restaurant",
      "Dinner theater",
      "Wine bar",
      "Delivery Restaurant",
      "Brunch restaurant",
      "Vegan restaurant",
      "Mediterranean restaurant",
    ],
  },
  fast_food: {
    hours: "fast_food",
    amenities: FAST_FOOD,
    reviewsMu: 5.4,
    ratingShift: -0.35,
    websiteChance: 0.6,
    descriptionChance: 0.4,
    patterns: [...DEFAULT_PATTERNS, "{Brand}", "{Brand}", "{Brand}"],
    brands: ["Burger Barn", "Crispy Chick", "QuickBite", "Taco Loco", "Sub Station", "Wok Express", "Kebab King", "Golden Fryer"],
    descriptions: [
      "Counter-serve chain for burgers, fries & shakes.",
      "Quick-serve spot for grab-and-go meals & combo deals.",
      "Late-night takeout joint with a short, budget-friendly menu.",
    ],
    subtypePool: ["Takeout restaurant", "Hamburger restaurant", "Chicken wings restaurant", "Sandwich shop", "Delivery Restaurant", "Restaurant"],
  },
  cafe: {
    hours: "cafe",
    amenities: CAFE,
    reviewsMu: 4.4,
    ratingShift: 0.05,
    websiteChance: 0.45,
    descriptionChance: 0.4,
    patterns: [...DEFAULT_PATTERNS, "Café {Word}", "{Word} Coffee", "{Word} Roasters", "{Word} Espresso Bar"],
    descriptions: [
      "Cozy café serving espresso drinks, pastries & light bites.",
      "Laid-back coffeehouse with house-roasted beans & free Wi-Fi.",
      "Bright, airy spot for specialty coffee, breakfast & cakes.",
    ],
    subtypePool: ["Coffee shop", "Cafe", "Espresso bar", "Breakfast restaurant", "Dessert shop", "Coffee roasters", "Brunch restaurant"],
  },
  bar: {
    hours: "bar",
    amenities: BAR,
    reviewsMu: 4.5,
    ratingShift: 0.05,
    websiteChance: 0.45,
    descriptionChance: 0.45,
    patterns: [...DEFAULT_PATTERNS, "The {Word} {Label}", "{Word} Taproom", "The {Surname} Arms"],
    descriptions: [
      "Lively neighborhood bar with craft beers on tap & weekend DJs.",
      "Relaxed watering hole offering cocktails, wine & bar snacks.",
      "Classic pub with pints, pub grub & sports on the TVs.",
    ],
    subtypePool: ["Bar", "Pub", "Cocktail bar", "Sports bar", "Beer garden", "Wine bar", "Live music bar"],
  },
  nightlife: {
    hours: "nightlife",
    amenities: BAR,
    reviewsMu: 4.8,
    ratingShift: -0.2,
    websiteChance: 0.6,
    descriptionChance: 0.4,
    patterns: ["{Word} {Label}", "Club {Word}", "{Label} {Word}"],
    descriptions: ["High-energy nightclub with resident DJs & bottle service.", "Late-night dance club with themed parties on weekends."],
    subtypePool: ["Night club", "Dance club", "Bar", "Live music venue"],
  },
  bakery: {
    hours: "bakery",
    amenities: CAFE,
    reviewsMu: 4.1,
    ratingShift: 0.15,
    websiteChance: 0.4,
    descriptionChance: 0.35,
    patterns: [...DEFAULT_PATTERNS, "{Word} Bakehouse", "{City} Bread Co.", "{Given}'s Bakery"],
    descriptions: [
      "Traditional bakery turning out fresh bread, cakes & pastries daily.",
      "Neighborhood bakery known for sourdough loaves & croissants.",
    ],
    subtypePool: ["Bakery", "Pastry shop", "Cake shop", "Cafe", "Dessert shop", "Wholesale bakery"],
  },
  food_shop: {
    hours: "retail",
    amenities: SHOP,
    reviewsMu: 3.4,
    ratingShift: 0.2,
    websiteChance: 0.35,
    descriptionChance: 0.3,
    patterns: [...DEFAULT_PATTERNS, "{Surname} & Sons", "{Surname} Family {Label}"],
    descriptions: ["Family-owned shop selling quality meats & deli items.", "Specialty food store stocking local produce & imported goods."],
    subtypePool: ["Butcher shop", "Deli", "Grocery store", "Meat products store", "Gourmet grocery store", "Fishmonger"],
  },
  supermarket: {
    hours: "supermarket",
    amenities: [...SHOP, ["Offerings", "Organic products", 0.2], ["Offerings", "Prepared foods", 0.3]],
    reviewsMu: 5.6,
    ratingShift: -0.2,
    websiteChance: 0.7,
    descriptionChance: 0.35,
    patterns: ["{Brand}", "{Brand}", "{Brand} {City}", "{Surname} {Label}", "{City} {Label}"],
    brands: ["FreshMart", "ValueFoods", "GreenBasket", "DailyGrocer", "MarketPlus", "Super Saver", "Harvest Market"],
    descriptions: [
      "Supermarket chain with groceries, household items & a deli counter.",
      "Grocery store with fresh produce, a bakery & everyday essentials.",
    ],
    subtypePool: ["Grocery store", "Supermarket", "Discount supermarket", "Butcher shop", "Bakery", "Organic food store"],
  },
  convenience: {
    hours: "convenience",
    amenities: SHOP,
    reviewsMu: 3.5,
    ratingShift: -0.3,
    websiteChance: 0.3,
    descriptionChance: 0.25,
    patterns: ["{Brand}", "{Brand}", "{Word} {Label}", "{Surname} {Label}"],
    brands: ["QuickStop", "24/7 Mart", "CornerShop Express", "Handy Mart", "Nite Owl"],
    descriptions: ["Convenience store offering snacks, drinks & everyday essentials."],
    subtypePool: ["Convenience store", "Grocery store", "Tobacco shop", "Liquor store", "Newsstand"],
  },
  lodging: {
    hours: "always",
    amenities: LODGING,
    reviewsMu: 5.1,
    ratingShift: 0,
    websiteChance: 0.85,
    descriptionChance: 0.55,
    patterns: ["{Word} {Label}", "{Label} {Word}", "{City} {Word} {Label}", "{City} Grand {Label}", "The {Word} {Label}", "{Label} {City} Central"],
    descriptions: [
      "Modern hotel with a restaurant, free Wi-Fi & a fitness room.",
      "Unpretentious rooms & suites, plus free breakfast & parking.",
      "Budget-friendly lodging near {city}'s main sights.",
    ],
    subtypePool: ["Hotel", "Inn", "Extended stay hotel", "Resort hotel", "Lodging", "Guest house", "Business hotel"],
  },
  health: {
    hours: "health",
    amenities: HEALTH,
    reviewsMu: 3.4,
    ratingShift: 0.15,
    websiteChance: 0.7,
    descriptionChance: 0.35,
    patterns: ["{City} {Label}", "{Word} {Label}", "Dr. {Given} {Surname}", "{Surname} Family {Label}", "{City} {Label} Center", "{Surname} {Label}"],
    descriptions: [
      "Practice offering check-ups, preventive care & treatment for the whole family.",
      "Modern clinic with experienced staff & same-day appointments.",
    ],
    subtypePool: [
      "Medical clinic",
      "Doctor",
      "Medical Center",
      "Cosmetic dentist",
      "Dental clinic",
      "Family practice physician",
      "Medical laboratory",
    ],
  },
  hospital: {
    hours: "always",
    amenities: HEALTH,
    reviewsMu: 5.6,
    ratingShift: -0.6,
    websiteChance: 0.9,
    descriptionChance: 0.4,
    patterns: ["{City} {Label}", "{Word} {Label}", "St. {Given}'s {Label}", "{City} University {Label}"],
    descriptions: ["Full-service hospital with a 24-hour emergency department."],
    subtypePool: ["Hospital", "Emergency room", "Medical Center", "General hospital"],
  },
  pharmacy: {
    hours: "pharmacy",
    amenities: SHOP,
    reviewsMu: 3.6,
    ratingShift: -0.2,
    websiteChance: 0.5,
    descriptionChance: 0.3,
    patterns: [...DEFAULT_PATTERNS, "{Brand}", "{Brand} {City}"],
    brands: ["HealthPlus Pharmacy", "CareWell Pharmacy", "MediCorner", "GreenCross Pharmacy"],
    descriptions: ["Pharmacy filling prescriptions & selling health and beauty products."],
    subtypePool: ["Pharmacy", "Drug store", "Medical supply store", "Cosmetics store"],
  },
  beauty: {
    hours: "beauty",
    amenities: BEAUTY,
    reviewsMu: 3.9,
    ratingShift: 0.2,
    websiteChance: 0.45,
    descriptionChance: 0.3,
    patterns: [...DEFAULT_PATTERNS, "{Given}'s {Label}", "{Label} by {Given}", "Studio {Word}"],
    descriptions: ["Salon offering cuts, color & styling in a relaxed setting.", "Friendly studio for hair, nails & beauty treatments."],
    subtypePool: ["Beauty salon", "Hair salon", "Nail salon", "Waxing hair removal service", "Eyelash salon", "Hairdresser"],
  },
  fitness: {
    hours: "fitness",
    amenities: FITNESS,
    reviewsMu: 4.2,
    ratingShift: 0.15,
    websiteChance: 0.7,
    descriptionChance: 0.35,
    patterns: [...DEFAULT_PATTERNS, "{Word} {Label} Club", "{City} {Label} Center"],
    descriptions: ["Gym with cardio & weight equipment, group classes & personal training.", "Boutique studio with small classes for all levels."],
    subtypePool: ["Gym", "Fitness center", "Personal trainer", "Yoga studio", "Pilates studio", "Boxing gym"],
  },
  auto: {
    hours: "auto",
    amenities: AUTO,
    reviewsMu: 3.6,
    ratingShift: 0.1,
    websiteChance: 0.5,
    descriptionChance: 0.3,
    patterns: [...DEFAULT_PATTERNS, "{Surname} & Sons {Label}", "{City} {Label} Center"],
    descriptions: [
      "Auto shop offering maintenance, diagnostics & repairs for most makes.",
      "Family-owned garage known for honest quotes & quick turnaround.",
    ],
    subtypePool: ["Auto repair shop", "Car repair and maintenance service", "Brake shop", "Oil change service", "Tire shop", "Auto body shop"],
  },
  gas_station: {
    hours: "gas",
    amenities: GAS,
    reviewsMu: 4.5,
    ratingShift: -0.4,
    websiteChance: 0.6,
    descriptionChance: 0.2,
    patterns: ["{Brand}", "{Brand}", "{Brand} {City}", "{Brand} Station"],
    brands: ["Petrova", "FuelWay", "Nordoil", "SunFuel", "QuickGas", "Meridian Fuel", "Horizon Petroleum"],
    descriptions: ["Gas station with a convenience store & car wash."],
    subtypePool: ["Gas station", "Convenience store", "Car wash", "Diesel fuel supplier", "Electric vehicle charging station"],
  },
  car_dealer: {
    hours: "auto",
    amenities: AUTO,
    reviewsMu: 5.2,
    ratingShift: 0.05,
    websiteChance: 0.9,
    descriptionChance: 0.3,
    patterns: ["{Surname} {Label}", "{City} {Label}", "{Word} {Label}", "{City} Auto Center"],
    descriptions: ["Dealership selling new & used vehicles, with a service center."],
    subtypePool: ["Car dealer", "Used car dealer", "Auto repair shop", "Auto parts store"],
  },
  retail: {
    hours: "retail",
    amenities: SHOP,
    reviewsMu: 3.6,
    ratingShift: 0.1,
    websiteChance: 0.5,
    descriptionChance: 0.3,
    patterns: [...DEFAULT_PATTERNS, "{Label} {Word}", "{Given}'s {Label}"],
    descriptions: ["Shop offering a curated selection of {type} goods.", "Local store known for helpful staff & competitive prices."],
    subtypePool: ["Gift shop", "Home goods store", "Discount store", "Outlet store", "Variety store", "Online store"],
  },
  mall: {
    hours: "retail",
    amenities: SHOP,
    reviewsMu: 7.5,
    ratingShift: 0,
    websiteChance: 0.9,
    descriptionChance: 0.6,
    patterns: ["{City} {Label}", "{Word} {Label}", "{Label} {City}"],
    descriptions: ["Shopping center with fashion stores, a food court & a cinema."],
    subtypePool: ["Shopping mall", "Outlet mall", "Shopping center"],
  },
  professional: {
    hours: "office",
    amenities: PROFESSIONAL,
    reviewsMu: 2.6,
    ratingShift: 0.3,
    websiteChance: 0.75,
    descriptionChance: 0.3,
    patterns: [
      "{Surname} & {Surname2} {Label}",
      "{Surname} {Label}",
      "{City} {Label}",
      "{Surname} & Associates",
      "{Word} {Label}",
      "{Given} {Surname} {Label}",
    ],
    descriptions: ["Firm providing {type} services to individuals & businesses in {city}.", "Experienced team offering free initial consultations."],
    subtypePool: ["Consultant", "Business center", "Corporate office", "Legal services", "Tax consultant", "Bookkeeping service"],
  },
  finance: {
    hours: "bank",
    amenities: GENERIC,
    reviewsMu: 3.2,
    ratingShift: -0.6,
    websiteChance: 0.9,
    descriptionChance: 0.2,
    patterns: ["{Brand}", "{Brand}", "{Brand} - {City}", "{City} Savings {Label}"],
    brands: ["First City Bank", "Meridian Bank", "Union Savings", "Coastal Credit Union", "Northern Trust & Savings", "Silverline Exchange"],
    descriptions: ["Branch offering personal & business banking services."],
    subtypePool: ["Bank", "ATM", "Credit union", "Savings bank", "Financial institution"],
  },
  education: {
    hours: "school",
    amenities: GENERIC,
    reviewsMu: 3.2,
    ratingShift: 0.1,
    websiteChance: 0.7,
    descriptionChance: 0.3,
    patterns: ["{City} {Label}", "{Word} {Label}", "{Surname} {Label}", "St. {Given}'s {Label}"],
    descriptions: ["School offering courses for children & adults.", "Friendly instructors, small classes & flexible schedules."],
    subtypePool: ["School", "Educational institution", "Tutoring service", "Training centre", "Private educational institution"],
  },
  worship: {
    hours: "worship",
    amenities: WORSHIP,
    reviewsMu: 3.8,
    ratingShift: 0.35,
    websiteChance: 0.55,
    descriptionChance: 0.25,
    patterns: ["{Word} {Label}", "St. {Given}'s {Label}", "{City} {Label}", "First {Label} of {City}"],
    descriptions: ["Community place of worship with regular services & events."],
    subtypePool: ["Place of worship", "Religious organization", "Religious institution"],
  },
  trades: {
    hours: "services",
    amenities: GENERIC,
    reviewsMu: 2.8,
    ratingShift: 0.25,
    websiteChance: 0.6,
    descriptionChance: 0.3,
    patterns: ["{Surname} {Label}", "{City} {Label}", "{Word} {Label}", "{Surname} & Sons {Label}", "{Given}'s {Label}"],
    descriptions: [
      "Licensed local professionals for residential & commercial jobs.",
      "Family-run business offering free estimates & emergency call-outs.",
    ],
    subtypePool: ["Contractor", "Handyman", "Home improvement store", "Construction company", "Emergency service"],
  },
  services: {
    hours: "services",
    amenities: GENERIC,
    reviewsMu: 3.1,
    ratingShift: 0.15,
    websiteChance: 0.5,
    descriptionChance: 0.25,
    patterns: [...DEFAULT_PATTERNS, "{Given}'s {Label}"],
    descriptions: ["Local service business known for fast, reliable work."],
    subtypePool: ["Service establishment", "Business center", "Delivery service", "Repair service"],
  },
  culture: {
    hours: "culture",
    amenities: CULTURE,
    reviewsMu: 5.5,
    ratingShift: 0.2,
    websiteChance: 0.8,
    descriptionChance: 0.6,
    patterns: ["{City} {Label}", "{Word} {Label}", "{Label} {City}", "The {Word} {Label}"],
    descriptions: ["Cultural venue hosting exhibitions & events.", "Landmark venue with rotating exhibits, a gift shop & a café."],
    subtypePool: ["Tourist attraction", "Museum", "Art gallery", "Event venue", "Cinema"],
  },
  public: {
    hours: "office",
    amenities: WORSHIP,
    reviewsMu: 3.8,
    ratingShift: -0.6,
    websiteChance: 0.6,
    descriptionChance: 0,
    patterns: ["{City} {Label}", "{Label} {City}", "{City} Central {Label}"],
    descriptions: [],
    subtypePool: ["Government office", "Public service", "Courier service"],
  },
  transport: {
    hours: "always",
    amenities: GENERIC,
    reviewsMu: 3.4,
    ratingShift: -0.2,
    websiteChance: 0.55,
    descriptionChance: 0.2,
    patterns: ["{City} {Label}", "{Word} {Label}", "{Surname} {Label}"],
    descriptions: ["Convenient service with online booking & airport pickups."],
    subtypePool: ["Transportation service", "Airport shuttle service", "Car rental agency", "Parking garage"],
  },
  venue: {
    hours: "services",
    amenities: CULTURE,
    reviewsMu: 4.0,
    ratingShift: 0.3,
    websiteChance: 0.8,
    descriptionChance: 0.5,
    patterns: ["The {Word} {Label}", "{City} {Label}", "{Surname} {Label}"],
    descriptions: ["Event space for weddings, parties & corporate functions."],
    subtypePool: ["Event venue", "Wedding venue", "Banquet hall", "Conference center"],
  },
};

export function groupProfile(group: CategoryGroup): GroupProfile {
  return GROUPS[group];
}
