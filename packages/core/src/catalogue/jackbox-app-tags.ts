// The bundled Jackbox games' room-service app tags: pack, title, tags (space-separated, blank where none is
// known); plain cells, no quoting.
// Data inside the code, so the domain reads no file.
export const JACKBOX_APP_TAGS_CSV = `Pack Name,Title,App Tags,Certainty,Evidence
The Jackbox Party Pack,You Don't Know Jack 2015,ydkj2015,certain,jackbox.tv controller game table (2024 and 2022 bundles); private-server games.json
The Jackbox Party Pack,Drawful,drawful,certain,controller game table; games.json
The Jackbox Party Pack,Word Spud,wordspud,certain,controller game table; games.json; a bot reading live rooms
The Jackbox Party Pack,Lie Swatter,lieswatter,certain,controller game table; games.json
The Jackbox Party Pack,Fibbage XL,fibbage,certain (shared with the 2014 standalone Fibbage),controller game table; live 2021 room lookups; bots
The Jackbox Party Pack 2,Fibbage 2,fibbage2,certain,controller game table; games.json; proxy recording; bots
The Jackbox Party Pack 2,Earwax,earwax,certain,controller game table; games.json; proxy recording
The Jackbox Party Pack 2,Bidiots,auction,certain,controller game table; games.json; proxy recording
The Jackbox Party Pack 2,Quiplash XL,quiplash,certain (shared with the 2015 standalone Quiplash),controller game table; live 2021 room lookups; bots
The Jackbox Party Pack 2,Bomb Corp.,bombintern,certain,controller game table; games.json; proxy recording
The Jackbox Party Pack 3,Quiplash 2,quiplash2,certain,controller game table; games.json; bots
The Jackbox Party Pack 3,Trivia Murder Party,triviadeath,certain,controller game table; games.json
The Jackbox Party Pack 3,Guesspionage,pollposition,certain,controller game table; games.json
The Jackbox Party Pack 3,Fakin' It,fakinit,certain,controller game table; games.json; live 2021 room lookups
The Jackbox Party Pack 3,Tee K.O.,awshirt awshirt-tjsp,certain,controller game table (awshirt-tjsp is the Party Starter build)
The Jackbox Party Pack 4,Fibbage 3,fibbage3,certain,controller game table; games.json; bots (Fibbage: Enough About You is a mode inside it)
The Jackbox Party Pack 4,Survive the Internet,survivetheinternet,certain,controller game table; games.json; bots
The Jackbox Party Pack 4,Monster Seeking Monster,monstermingle,certain,controller game table; games.json
The Jackbox Party Pack 4,Bracketeering,bracketeering,certain,controller game table; live 2021 room lookups; bots
The Jackbox Party Pack 4,Civic Doodle,overdrawn,certain,controller game table; games.json
The Jackbox Party Pack 5,You Don't Know Jack: Full Stream,ydkj2018,certain,controller game table; games.json
The Jackbox Party Pack 5,Split the Room,splittheroom,certain,controller game table; games.json
The Jackbox Party Pack 5,Mad Verse City,rapbattle,certain,controller game table; live 2021 room lookups; bots
The Jackbox Party Pack 5,Zeeple Dome,slingshoot,certain,controller game table; games.json
The Jackbox Party Pack 5,Patently Stupid,patentlystupid,certain,controller game table; games.json; bots
The Jackbox Party Pack 6,Trivia Murder Party 2,triviadeath2 triviadeath2-tjsp,certain,controller game table (triviadeath2-tjsp is the Party Starter build)
The Jackbox Party Pack 6,Role Models,rolemodels,certain,controller game table; games.json
The Jackbox Party Pack 6,Joke Boat,jokeboat,certain,controller game table; games.json; bots
The Jackbox Party Pack 6,Dictionarium,ridictionary,certain,controller game table; games.json; bots
The Jackbox Party Pack 6,Push the Button,pushthebutton,certain,controller game table; games.json
The Jackbox Party Pack 7,Quiplash 3,quiplash3 quiplash3-tjsp,certain,controller game table; bots (quiplash3-tjsp is the Party Starter build)
The Jackbox Party Pack 7,The Devils and the Details,everyday,certain,controller game table; games.json
The Jackbox Party Pack 7,Champ'd Up,worldchamps,certain,controller game table; games.json
The Jackbox Party Pack 7,Talking Points,jackbox-talks,certain,controller game table; games.json
The Jackbox Party Pack 7,Blather 'Round,blanky-blank,certain,controller game table; games.json; bots
The Jackbox Party Pack 8,Drawful Animate,drawful-animate,certain,controller game table; games.json
The Jackbox Party Pack 8,The Wheel of Enormous Proportions,the-wheel,certain,controller game table; games.json
The Jackbox Party Pack 8,Job Job,apply-yourself,certain,controller game table; games.json
The Jackbox Party Pack 8,The Poll Mine,survey-bomb,certain,controller game table; games.json
The Jackbox Party Pack 8,Weapons Drawn,murder-detectives,certain,controller game table; games.json
The Jackbox Party Pack 9,Fibbage 4,fourbage,certain,controller game table; games.json; bots
The Jackbox Party Pack 9,Roomerang,htmf,certain,controller game table; games.json
The Jackbox Party Pack 9,Junktopia,antique-freak,certain,controller game table; games.json
The Jackbox Party Pack 9,Nonsensory,range-game,certain,controller game table; games.json
The Jackbox Party Pack 9,Quixort,lineup,certain,controller game table; games.json
The Jackbox Party Pack 10,Tee K.O. 2,awshirt2,certain,controller game table; games.json
The Jackbox Party Pack 10,Timejinx,time-trivia,certain,controller game table; games.json
The Jackbox Party Pack 10,FixyText,risky-text,certain,controller game table; games.json
The Jackbox Party Pack 10,Dodo Re Mi,nopus-opus,certain,controller game table; games.json
The Jackbox Party Pack 10,Hypnotorious,us-them,certain,controller game table; games.json
The Jackbox Naughty Pack,Fakin' It All Night Long,fakinit2,likely,controller game table as a pre-release entry (2024); no live capture
The Jackbox Naughty Pack,Dirty Drawful,drawful3,likely,controller game table as a pre-release entry (2024); no live capture
The Jackbox Naughty Pack,Let Me Finish,captcha,likely,controller game table as a pre-release entry (2024); no live capture
The Jackbox Survey Scramble,The Jackbox Survey Scramble,bigsurvey,likely,bots reading live rooms (2024); a browser extension keyed by the tag
Drawful 2,Drawful 2,drawful2international drawful2,certain,controller game table; games.json; a bot reading live rooms (2025)
Quiplash 2 InterLASHional,Quiplash 2 InterLASHional,quiplash2-international,certain,controller game table; games.json
Quiplash,Quiplash,quiplash,certain (shared with Quiplash XL),controller game table has one Quiplash entry
The Jackbox Party Pack 11,Doominate,you-ruined-it,unconfirmed,one third-party script only
The Jackbox Party Pack 11,Hear Say,,unknown,no source found
The Jackbox Party Pack 11,Cookie Haus,,unknown,no source found
The Jackbox Party Pack 11,Suspectives,,unknown,no source found
The Jackbox Party Pack 11,Legends of Trivia,,unknown,no source found
`
