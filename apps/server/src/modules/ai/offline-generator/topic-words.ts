/**
 * Word lists the topic analysis reads titles with (topic-phrase.ts). Short and closed on purpose: they name the
 * common cases creators type; anything else falls through to the reading that breaks the fewest sentences.
 */

const words = (s: string) => new Set(s.split(/\s+/).filter((w) => w !== ''))

/** Product-speak that names the video, not its subject: stripped from the end of a title ("Meal prep app demo"). */
export const PRODUCT_SPEAK = words(
  'demo demos video videos tutorial tutorials walkthrough walk-through tour overview showcase promo teaser clip ' +
    'clips reel reels tiktok explainer breakdown explained review reviews unboxing trailer vlog edit',
)

/** Words for a product: before product-speak they go too; alone at the end they make the subject a thing. */
export const THING_WORDS = words(
  'app apps tool tools software feature features extension plugin template templates tracker gadget gadgets device ' +
    'planner dashboard bot widget platform website kit',
)

/** Heads that say "a list of" rather than what it is about ("healthy lunch ideas" → "healthy lunch"). */
export const GENERIC_HEADS = words(
  'ideas idea tips tip tricks trick hacks hack basics guide secrets secret ways essentials',
)

/** Openings of a title that announce it rather than name its subject. */
export const LEADING_ANNOUNCEMENTS = [
  /^(the|a|an|my|our)?\s*(ultimate|complete|full|quick|simple|easy|beginner['’]?s?|definitive|honest|little|mini|short)?\s*(guide|intro|introduction|crash course|cheat sheet|masterclass|lesson)\s+(to|on|for|about)\s+/i,
  /^everything (you need to know|to know|i know) about\s+/i,
  /^all about\s+/i,
  /^(intro|introduction) to\s+/i,
  /^(meet|introducing)\s+/i,
]

/** Hype words in front of a noun that a sentence cannot carry ("about best protein oats"). */
export const HYPE = words('best ultimate perfect top amazing insane epic complete greatest definitive viral')

export const DETERMINERS = words('the a an my your our their his her this these that those every any some each')

/** Function words, pronouns and common verbs and adjectives: a run of topic words stops at them. */
export const STOP_WORDS = words(
  'a an the and or but nor of for to in on at by with without from into onto about over under after before during ' +
    'how what why when where who whom which whose is are was were be been being am do does did doing done have has ' +
    'had having can could should would will shall may might must i me my mine we us our you your yours they them ' +
    'their he him his she her it its this that these those so very really just too also not no yes all any every ' +
    'some each more most much many few less least than then there here if as like up down out off again once only ' +
    'own same such both either whole entire first second third last next new old best better worst good bad big ' +
    'small little get gets got getting make makes made go goes went take took know knew need needs want wants try ' +
    "tried actually ever never always still even spent spend found find here’s here's it’s it's don’t don't " +
    "i’m i'm i’ve i've you’re you're so flat hard easy fast slow cheap quick everyone anyone someone nobody " +
    'everything anything something nothing thing things way ways stuff lot lots one ones vs versus via per',
)

/** Nouns too vague to stand as the topic on their own ("users", "week"). */
export const VAGUE_NOUNS = words(
  'thing things stuff time times way ways day days week weeks year years month months life people person users user ' +
    'one ones lot bit kind part end video videos post posts guys everyone world today tonight weekend minute minutes ' +
    'hour hours second seconds',
)

/** -ing words that are nouns, not verbs ("morning routine"). */
export const ING_NOUNS = words(
  'morning evening wedding clothing pudding building meeting training cooking baking dressing seasoning frosting ' +
    'icing filling stuffing bedding ceiling spring string king ring thing something nothing anything everything ' +
    'wing sibling ceiling marketing pricing branding budgeting journaling housekeeping gardening parenting ' +
    'lighting painting skiing hiking camping fishing shopping clothing packaging wellbeing offering earnings savings',
)

/** Verbs that can start a title as an instruction ("Make sourdough without a mixer"). */
export const INSTRUCTION_VERBS = words(
  'make cook bake build start learn fix clean plan save get try use cut lose earn boost edit write organize organise ' +
    'sell create turn keep find choose master grow prep paint draw sew knit brew roast grill invest pay lift stretch ' +
    'study pack style decorate declutter repair replace set train teach raise launch price film shoot record design',
)

/** Instruction verbs that are also adjectives: only an instruction before a determiner ("Clean your desk"). */
export const ADJECTIVE_VERBS = words('clean fix set price style film plan')

/** First words of a title that make it a sentence, not a name. */
export const SENTENCE_OPENERS = words(
  "i i’m i'm i’ve i've i’d i'd we we’re you you’re you're this these that it it’s it's here here’s here's " +
    "there stop don’t don't never always wait watch pov if when let’s let's so why",
)

export const QUESTION_OPENERS = words(
  'why what how when where who which is are was were do does did can could should would will have has am ever',
)

/** Nouns that need "your" in front of them when singular ("about your morning routine", not "about morning routine"). */
export const COUNT_HEADS = words(
  'routine workout fund setup swap app tool recipe plan habit outfit room desk kitchen garden bag car house phone ' +
    'camera shoe dress knife pan wallet account business brand website portfolio resume interview salary loan ' +
    'mortgage card course class lesson exam trip vacation holiday party gift makeover bedroom bathroom closet fridge ' +
    'pantry schedule calendar inbox feed profile bio page channel podcast newsletter store shop launch product offer ' +
    'funnel pitch deck startup hustle gadget device planner tracker template dashboard box bottle jar bowl plate mug ' +
    'bed sofa couch chair lamp bike tent dog cat baby kid toddler plant lawn pool face body lunch dinner breakfast ' +
    'meal ribbon machine typewriter keyboard laptop computer ring watch fryer phrase interface screen gym blender ' +
    'bill invoice',
)

/** Heads of an activity ("meal prep", "strength training"): something one does, tries or starts. */
export const ACTIVITY_HEADS = words(
  'prep training routine workout skincare repair cooking baking editing marketing cleaning budgeting journaling ' +
    'running lifting swap makeover challenge yoga cardio meditation gardening parenting investing coding writing ' +
    'reading practice',
)

/** Single words that are brand or app names creators talk about (capitalised at the start they look like nouns). */
export const KNOWN_BRANDS = words(
  'notion canva shopify tiktok instagram youtube excel figma duolingo spotify amazon etsy airbnb uber netflix ' +
    'chatgpt claude gemini zoom slack trello asana airtable webflow wordpress squarespace wix stripe paypal venmo ' +
    'revolut monzo peloton strava fitbit garmin apple samsung google android windows photoshop lightroom procreate ' +
    'cricut stanley lululemon nike adidas sephora cerave glossier hellofresh costco walmart aldi lidl ikea lego ' +
    'nintendo playstation xbox minecraft roblox fortnite discord reddit pinterest linkedin snapchat whatsapp ' +
    'obsidian todoist evernote calendly hubspot salesforce mailchimp kajabi gumroad substack patreon capcut iphone ' +
    'ipad macbook airpods kindle alexa',
)

/** Words that keep their capital inside a sentence. */
export const PROPER_WORDS = words(
  'monday tuesday wednesday thursday friday saturday sunday january february april june july august ' +
    'september october november december christmas easter halloween thanksgiving ramadan diwali japanese korean ' +
    'chinese french italian mexican indian thai greek spanish german american british english irish scottish ' +
    'turkish vietnamese brazilian african european asian',
)
