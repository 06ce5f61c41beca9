// The bundled Jackbox catalogue as CSV, the columns of `import games` (pack, title, players, …, ticker).
// Data inside the code, so the domain reads no file.
export const JACKBOX_CATALOGUE_CSV = `Pack Name,Title,Min Players,Max Players,Length (minutes),Audience,Family Friendly,Game Type,Secondary Type,Ticker
The Jackbox Party Pack,You Don't Know Jack 2015,1,4,20,No,No,Trivia,,YDKJ15
The Jackbox Party Pack,Drawful,3,8,25,No,No,Drawing,Bluffing,DRAW
The Jackbox Party Pack,Word Spud,2,8,15,No,Yes,Word,,SPUD
The Jackbox Party Pack,Lie Swatter,1,100,15,No,No,Trivia,,LIESWAT
The Jackbox Party Pack,Fibbage XL,2,8,20,No,No,Bluffing,Trivia,FIBXL
The Jackbox Party Pack 2,Fibbage 2,2,8,20,Yes,Yes,Bluffing,Trivia,FIB2
The Jackbox Party Pack 2,Earwax,3,8,25,Yes,Yes,Audio,Voting,EARWAX
The Jackbox Party Pack 2,Bidiots,3,6,25,No,Yes,Drawing,Strategy,BIDIOTS
The Jackbox Party Pack 2,Quiplash XL,3,8,20,Yes,Yes,Writing,,QPLXL
The Jackbox Party Pack 2,Bomb Corp.,1,4,10,No,Yes,Cooperative,Puzzle,BOMB
The Jackbox Party Pack 3,Quiplash 2,3,8,20,Yes,Yes,Writing,,QPL2
The Jackbox Party Pack 3,Trivia Murder Party,1,8,20,Yes,No,Trivia,,TMP
The Jackbox Party Pack 3,Guesspionage,2,8,15,Yes,Yes,Survey,,GUESS
The Jackbox Party Pack 3,Fakin' It,3,6,20,Yes,Yes,Social deduction,Bluffing,FAKIN
The Jackbox Party Pack 3,Tee K.O.,3,8,25,Yes,Yes,Drawing,Writing,TEEKO
The Jackbox Party Pack 4,Fibbage 3,2,8,20,Yes,Yes,Bluffing,Trivia,FIB3
The Jackbox Party Pack 4,Survive the Internet,3,8,25,Yes,Yes,Writing,,STI
The Jackbox Party Pack 4,Monster Seeking Monster,3,7,25,Yes,No,Writing,Social deduction,MSM
The Jackbox Party Pack 4,Bracketeering,3,16,25,Yes,Yes,Writing,Voting,BRACKET
The Jackbox Party Pack 4,Civic Doodle,3,8,25,Yes,Yes,Drawing,,CIVIC
The Jackbox Party Pack 5,You Don't Know Jack: Full Stream,1,8,20,Yes,No,Trivia,,YDKJFS
The Jackbox Party Pack 5,Split the Room,3,8,20,Yes,Yes,Writing,Voting,SPLIT
The Jackbox Party Pack 5,Mad Verse City,3,8,25,Yes,Yes,Writing,Music,MVC
The Jackbox Party Pack 5,Zeeple Dome,1,6,15,No,Yes,Action,Cooperative,ZEEPLE
The Jackbox Party Pack 5,Patently Stupid,3,8,25,Yes,Yes,Drawing,Writing,PATENT
The Jackbox Party Pack 6,Trivia Murder Party 2,1,8,20,Yes,No,Trivia,,TMP2
The Jackbox Party Pack 6,Role Models,3,6,20,Yes,Yes,Voting,,ROLES
The Jackbox Party Pack 6,Joke Boat,3,8,25,Yes,Yes,Writing,Performance,JOKEBOAT
The Jackbox Party Pack 6,Dictionarium,3,8,15,Yes,Yes,Word,Writing,DICT
The Jackbox Party Pack 6,Push the Button,4,10,25,No,Yes,Social deduction,Drawing,BUTTON
The Jackbox Party Pack 7,Quiplash 3,3,8,20,Yes,Yes,Writing,,QPL3
The Jackbox Party Pack 7,The Devils and the Details,3,8,25,Yes,Yes,Cooperative,,DEVILS
The Jackbox Party Pack 7,Champ'd Up,3,8,25,Yes,Yes,Drawing,Writing,CHAMPD
The Jackbox Party Pack 7,Talking Points,3,8,25,Yes,Yes,Performance,,TALKING
The Jackbox Party Pack 7,Blather 'Round,2,6,20,Yes,Yes,Word,Cooperative,BLATHER
The Jackbox Party Pack 8,Drawful Animate,3,10,25,Yes,Yes,Drawing,Bluffing,DRAWANIM
The Jackbox Party Pack 8,The Wheel of Enormous Proportions,2,8,25,Yes,Yes,Trivia,,WHEEL
The Jackbox Party Pack 8,Job Job,3,10,25,Yes,Yes,Writing,Word,JOBJOB
The Jackbox Party Pack 8,The Poll Mine,2,10,20,Yes,Yes,Survey,,POLLMINE
The Jackbox Party Pack 8,Weapons Drawn,4,8,30,Yes,No,Social deduction,Drawing,WEAPONS
The Jackbox Party Pack 9,Fibbage 4,2,8,20,Yes,Yes,Bluffing,Trivia,FIB4
The Jackbox Party Pack 9,Roomerang,4,9,30,Yes,Yes,Writing,Voting,ROOMRANG
The Jackbox Party Pack 9,Junktopia,3,8,25,Yes,Yes,Writing,,JUNK
The Jackbox Party Pack 9,Nonsensory,3,8,25,Yes,Yes,Writing,Drawing,NONSENS
The Jackbox Party Pack 9,Quixort,1,10,25,Yes,Yes,Trivia,,QUIXORT
The Jackbox Party Pack 10,Tee K.O. 2,3,8,25,Yes,Yes,Drawing,Writing,TEEKO2
The Jackbox Party Pack 10,Timejinx,1,8,20,Yes,Yes,Trivia,,TIMEJINX
The Jackbox Party Pack 10,FixyText,3,8,20,Yes,Yes,Writing,,FIXY
The Jackbox Party Pack 10,Dodo Re Mi,1,9,10,Yes,Yes,Music,Cooperative,DODO
The Jackbox Party Pack 10,Hypnotorious,4,8,30,Yes,Yes,Social deduction,,HYPNO
The Jackbox Naughty Pack,Fakin' It All Night Long,3,8,30,Yes,No,Social deduction,Bluffing,FAKINALL
The Jackbox Naughty Pack,Dirty Drawful,3,8,20,Yes,No,Drawing,Bluffing,DIRTYDRW
The Jackbox Naughty Pack,Let Me Finish,3,8,20,Yes,No,Performance,Drawing,LMF
The Jackbox Survey Scramble,The Jackbox Survey Scramble,2,10,15,Yes,Yes,Survey,,SURVEY
Drawful 2,Drawful 2,3,8,25,Yes,Yes,Drawing,Bluffing,DRAW2
Quiplash 2 InterLASHional,Quiplash 2 InterLASHional,3,8,20,Yes,Yes,Writing,,QPL2INT
Quiplash,Quiplash,3,8,20,Yes,Yes,Writing,,QPL
The Jackbox Party Pack 11,Doominate,3,8,20,Yes,Yes,Writing,,DOOM
The Jackbox Party Pack 11,Hear Say,2,8,20,Yes,Yes,Audio,Voting,HEARSAY
The Jackbox Party Pack 11,Cookie Haus,3,8,20,Yes,Yes,Drawing,,COOKIE
The Jackbox Party Pack 11,Suspectives,4,8,20,Yes,Yes,Social deduction,,SUSPECT
The Jackbox Party Pack 11,Legends of Trivia,1,6,30,Yes,Yes,Trivia,Cooperative,LEGENDS
`
