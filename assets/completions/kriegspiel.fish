# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kriegspiel_global_optspecs
    string join \n mode= rules= h/help V/version
end

function __fish_kriegspiel_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_kriegspiel_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_kriegspiel_using_subcommand
    set -l cmd (__fish_kriegspiel_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -l mode -d 'Open straight into a mode: hotseat, referee, study, a KR vs K practice game as White (practice) or Black (practice-black), or tsuitate shogi in hot-seat (tsuitate) or on the club referee\'s console (tsuitate-referee)' -r -f -a "hotseat\t''
referee\t''
study\t''
practice\t''
practice-black\t''
tsuitate\t''
tsuitate-referee\t''"
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -l rules -d 'Rule set for a new game' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -s V -l version -d 'Print version'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "referee" -d 'Run the referee protocol on standard input and output (JSON lines, see PROTOCOL.md)'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "replay" -d 'Print a saved game (chess or tsuitate shogi) turn by turn as one perspective experienced it'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "pgn" -d 'Export a saved game as PGN: the referee\'s (real moves) or one player\'s (filtered)'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "csa" -d 'Export a saved tsuitate shogi game as CSA or with --kif as KIF (the shogi record formats other shogi programs read): the moves played, each refused attempt as a comment, and the end'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "import" -d 'Import a game written by another program (a kriegspiel.org game review, a save of the kriegspiel Python package, a reconchess game history, or the PGN of a chess game), told from the content: every move is replayed through the referee and checked, then the game is written as a save that study opens'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "review" -d 'Review a finished game after the reveal: for each turn, how many positions each side thought possible, the guaranteed mates (in up to 3) there were and whether they were played, what the computer would have tried, captures and material'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "export" -d 'Export one board of a saved game as a picture (SVG or PNG): White\'s or Black\'s (only what that player knew, with its markers and, if asked, the overlay) or the referee\'s'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "abandon" -d 'Abandon an unfinished game: recorded in its save, which is then over without a result (it can be studied, and is never played on; whoever opens it is told)'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "scoresheet" -d 'Print a game\'s official scoresheet (every attempt with its answer) as plain text'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "selfplay" -d 'Play random games through the referee until one finishes, and save it'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "samples" -d 'Make the sample games of saves/ again: one game per rule set between our computer levels, each from its fixed seed, with its caption (or, with --seed, try other seeds)'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "match" -d 'Play a match between two bots and print one line per game, then the score of --white'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "endgame" -d 'The strong bot\'s lone-king search from the widest uncertainty (the bot is not told where the king starts): many trials and a summary'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "krk" -d 'King and Rook against King: play many games with a computer White and print a summary'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "krk-table" -d 'Solve the KR-vs-K strategy table (minutes) and write it, or check the shipped one'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "kbb-table" -d 'Solve the two-bishop strategy from Ferguson\'s edge formation (minutes, gigabytes) and write it, or check the shipped one'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "problem" -d 'Solve a Kriegspiel problem file: the verdict, the solution as a strategy tree, the nodes searched and the time. Exit status 0: proven; 1: refuted; 2: a bad file; 3: out of time'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "host" -d 'Host a game for two seats over TCP (the seat protocol, PROTOCOL-SEAT.md): prints the address and join code, autosaves, keeps the clocks. With --seat white|black this machine\'s player takes that seat (in the app, or as --bot); with --seat none it is a referee server'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "join" -d 'Join a hosted game: in the app, or with --bot as a headless seat'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "engine" -d 'Speak the seat protocol on standard input and output with one of our bots (for other programs, and for `match --white \'cmd:kriegspiel engine --bot strong\'`)'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "bench" -d 'Measure referee throughput in-process and through the protocol'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "completions" -d 'Print a shell\'s completion script for this command line (bash, zsh, fish) on standard output'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "manpage" -d 'Print the manual page (roff) on standard output, or with --out-dir write it and one page per subcommand to a folder'
complete -c kriegspiel -n "__fish_kriegspiel_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand referee" -l autosave -d 'Write the game to this file after every accepted request (a snapshot written atomically, plus a journal of the newest events next to it)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand referee" -l saves-dir -d 'The folder `save` and `load` requests may use (names inside it only; default: the user\'s saves folder, on Linux ~/.local/share/kriegspiel/saves)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand referee" -l allow-any-path -d 'Let `save` and `load` requests use any path (trusted clients only)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand referee" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand replay" -l seat -d 'Whose experience: white, black or referee (`--as` is an older name)' -r -f -a "white\t'What White knew'
black\t'What Black knew'
referee\t'Everything'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand replay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand pgn" -l seat -d 'A player\'s filtered PGN: white or black (default, or referee: the referee\'s PGN; `--as` is an older name)' -r -f -a "white\t'What White knew'
black\t'What Black knew'
referee\t'Everything'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand pgn" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand csa" -l out -d 'Write the record to this file (default: the standard output)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand csa" -l kif -d 'Write KIF (the Kakinoki format, UTF-8) instead of CSA'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand csa" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand import" -l out -d 'The save to write (default: FILE with the extension .ron, which must not exist yet)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand import" -l rules -d 'The rule set a PGN is replayed under (other formats name their own)' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -l budget-ms -d 'The solver\'s time at each turn for a guaranteed mate (in up to 3), in milliseconds' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -l pgn-out -d 'Also write the referee\'s PGN with the review as comments to this file' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -l max-plies -d 'Review only the first N turns (plies) of a longer game' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -l timing -d 'Print how long the review took on the standard error'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -l quiet -d 'Print no progress on the standard error'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand review" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -l ply -d 'The point of the game: after this many moves (plies; default: the end)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -l view -d 'Whose board: white or black (what that player knew: its pieces, markers, what it saw) or referee (the truth). In a tsuitate shogi save black is sente (who moves first) and white gote, each knowing its own pieces and what the umpire told it' -r -f -a "white\t'What White knew'
black\t'What Black knew'
referee\t'Everything'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -l overlay -d 'On a player\'s board, the overlay: where the enemy\'s units (or one kind) may stand, from that player\'s belief' -r -f -a "none\t'No overlay'
units\t'Where any enemy unit may stand'
king\t'Where the enemy king may stand'
queen\t'Where enemy queens may stand'
rook\t'Where enemy rooks may stand'
bishop\t'Where enemy bishops may stand'
knight\t'Where enemy knights may stand'
pawn\t'Where enemy pawns may stand'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -l size -d 'The picture\'s width and height in pixels' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -l out -d 'The file to write: FILE.svg or FILE.png' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand abandon" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand scoresheet" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -l rules -d 'Rule set' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -l seed -d 'First random seed to try' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -l max-plies -d 'Longest game, in plies (half-moves; `--max-moves` is an older name that counted the same)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -l out -d 'The file to save the game in' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -l flags -d 'Rule flags to change, as in the protocol\'s `new` (JSON), e.g. \'{"sighted":"white","handicap":"pickle_pot","bishop":"f"}\'' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand selfplay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand samples" -l out-dir -d 'The folder to write them in (sample-NAME.ron)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand samples" -l only -d 'Only this sample (a preset id, or secret_any); may be given more than once' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand samples" -l seed -d 'Choosing a seed: play from this seed instead of the sample\'s own, and write each game as sample-NAME-SEED.ron' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand samples" -l tries -d 'With --seed: how many seeds to play, from --seed on' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand samples" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l white -d 'The bot under test (its wins and losses are counted): a bot, a level (beginner to strongest) or cmd:PROGRAM' -r -f -a "random\t'random possible attempts (easy)'
heuristic\t'chess rules of thumb (medium)'
strong\t'weighs where the opponent\'s pieces may be (hard; also: careful)'
krk_practice\t'the KR vs K practice player (also: krk)'
beginner\t'most moves at random: for a first game'
novice\t'plays sensibly two moves in five'
casual\t'chess rules of thumb, a blunder every few moves'
club\t'weighs where your pieces may be, but is often careless'
advanced\t'weighs where your pieces may be, sometimes careless'
expert\t'weighs where your pieces may be, careless now and then'
strongest\t'the strongest player, at its default thinking time'
cmd:PROGRAM\t'a program speaking the seat protocol (quoted with its arguments)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l black -d 'Its opponent: a bot, a level or cmd:PROGRAM' -r -f -a "random\t'random possible attempts (easy)'
heuristic\t'chess rules of thumb (medium)'
strong\t'weighs where the opponent\'s pieces may be (hard; also: careful)'
krk_practice\t'the KR vs K practice player (also: krk)'
beginner\t'most moves at random: for a first game'
novice\t'plays sensibly two moves in five'
casual\t'chess rules of thumb, a blunder every few moves'
club\t'weighs where your pieces may be, but is often careless'
advanced\t'weighs where your pieces may be, sometimes careless'
expert\t'weighs where your pieces may be, careless now and then'
strongest\t'the strongest player, at its default thinking time'
cmd:PROGRAM\t'a program speaking the seat protocol (quoted with its arguments)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l rules -d 'Rule set' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l games -d 'Number of games' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l seed -d 'Random seed (game i seeds its bots from seed + i)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l max-plies -d 'Stop a game, unfinished (scored as a draw), after this many plies (completed turns)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l think-ms -d 'Thinking time per request in milliseconds, for bots that use it (a level keeps its own)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l clock -d 'A clock for both sides, minutes+seconds (0.5+1: 30 s and 1 s a move): each bot is told its own and keeps time by it (the thinking time stays a cap); out of time loses' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l out-dir -d 'Save every game in this folder (match-<seed>-<i>.ron; made if missing)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l ending -d 'Start every game from a random ending instead: the bot under test has its king and these pieces (letters Q, R, B, N, P; e.g. Q, R, QR, BB, BN) against a lone king, and moves first' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l blocked -d 'With --ending: the lone king keeps this many pawns (0 to 4), each blocked by a pawn of the bot under test in front of it' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l swap -d 'The bots exchange colours every other game'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l no-ponder -d 'The in-process bots do not work while their opponent thinks (they do by default; a game without a clock plays the same either way)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -l tsuitate -d 'Play tsuitate shogi over the seat protocol instead (levels random, heuristic, careful, or cmd:PROGRAM; --white is gote, --black sente, who moves first)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand match" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l pieces -d 'The bot\'s pieces besides its king, as letters (Q, R, B, N, P; e.g. Q, QR, BB)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l at -d 'Where the bot\'s king and pieces start, in that order, as squares separated by commas (e.g. `--pieces BB --at b4,b3,c3`, Ferguson\'s two bishops along an edge); the lone king is still placed at random. Without it, everything is placed at random' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l trials -d 'Number of trials' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l seed -d 'Random seed' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l defender -d 'How the lone king moves' -r -f -a "random\t'A random legal step'
centre\t'The legal step nearest the centre'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l rules -d 'Rule set' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l max-plies -d 'The longest trial in plies (half-moves): the bot, moving first, makes at most half as many moves' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -l max-moves -d 'The older cap in the bot\'s moves (one move = two plies)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand endgame" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l player -d 'White player: paper or ours' -r -f -a "paper\t''
ours\t''"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l defender -d 'Black: edge (moves away from the edge), random, or adversary (every answer explored)' -r -f -a "edge\t''
random\t''
adversary\t''"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l positions -d 'Number of random starts' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l seed -d 'Random seed' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l rules -d 'Rule set (a Kriegspiel preset)' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l depth -d 'The paper player\'s search depth in White moves (default 2)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l max-plies -d 'Stop a game (a cut-off) after this many plies (half-moves): White makes at most half as many moves' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l max-moves -d 'The older cap in White moves (one move = two plies)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -l all -d 'Every start (every White placement up to symmetry; with every black king square unless the defender is the adversary)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk-table" -l out -d 'The file to write the deflated table to (the app ships assets/krk/strategy.deflate)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk-table" -l check -d 'Only check the shipped table: every stored value is achieved by one attempt (status 1 when one is not)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand krk-table" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand kbb-table" -l out -d 'The file to write the deflated strategy to (the app ships assets/kbb/strategy.deflate)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand kbb-table" -l check -d 'Only check the shipped strategy: it covers the formation and every entry\'s answers are covered with fewer moves (status 1 when not)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand kbb-table" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l max-seconds -d 'Give up after this many seconds, counted from the start (reading the file and placing the uncertain units included; status 3)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l memory-mb -d 'The most memory the search may take, in megabytes: its tables get about half, and past 90 % they shrink (by default only the tables are bounded, to about 500)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l search -d 'The search: "pn" (proof numbers above the last moves, depth-first below) or "depth" (depth-first with iterative deepening); by default "pn" for a problem that gives its solution\'s line (searched along it first), else "depth"' -r -f -a "pn\t''
depth\t''"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l save-tree -d 'Write the proven strategy tree to this file (RON), to be checked again with --check' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l check -d 'Check the strategy tree in this file against the problem (every branch played out against the referee), without searching. Exit status 0: it solves the problem; 1: it fails (the line where it does is printed); 2: a bad file' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l list -d 'List the problems that ship with the program, one name a line'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l progress -d 'Print the search\'s progress on the standard error every few seconds'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -l key-first -d 'Search the problem\'s published key before the other first moves (a faster proof when the source is right; the others follow when it fails)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand problem" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l port -d 'The port to listen on (0: any free port)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l bind -d 'The address to listen on (127.0.0.1: this machine only)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l rules -d 'Rule set: a preset, or a rules file (JSON: a preset with rule flags changed, in the referee protocol\'s words)' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'
FILE\t'a rules file: JSON, a preset with flags changed, e.g. {"preset":"one_eye","sighted":"black","bishop":"c"}'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l seat -d 'The seat this machine plays (`--as` is an older name)' -r -f -a "white\t'White, in the app or with --bot'
black\t'Black, in the app or with --bot'
none\t'No seat: a referee server only'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l bot -d 'Play this machine\'s seat with a bot instead of the app' -r -f -a "random\t'random possible attempts (easy)'
heuristic\t'chess rules of thumb (medium)'
strong\t'weighs where the opponent\'s pieces may be (hard; also: careful)'
krk_practice\t'the KR vs K practice player (also: krk)'
beginner\t'most moves at random: for a first game'
novice\t'plays sensibly two moves in five'
casual\t'chess rules of thumb, a blunder every few moves'
club\t'weighs where your pieces may be, but is often careless'
advanced\t'weighs where your pieces may be, sometimes careless'
expert\t'weighs where your pieces may be, careless now and then'
strongest\t'the strongest player, at its default thinking time'
cmd:PROGRAM\t'a program speaking the seat protocol (quoted with its arguments)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l clock -d 'A clock, minutes+seconds per move (e.g. 5+3); kept by the host' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l autosave -d 'Where to autosave the game (default: game-<date>-<time>.ron in the user\'s saves folder, on Linux ~/.local/share/kriegspiel/saves)' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l resume -d 'Resume a saved game (e.g. the host\'s autosave) instead of starting a new one' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -l tsuitate -d 'Host tsuitate shogi instead of a chess game (--rules and --clock do not apply; the host\'s seat needs --bot: random, or the heuristic player for any other bot)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand host" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l code -d 'The host\'s join code (for a free seat)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l token -d 'A seat token (to take back a seat after a dropped connection)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l seat -d 'The seat wanted (default: any free seat)' -r -f -a "white\t'White'
black\t'Black'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l name -d 'The name shown to the other player' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l bot -d 'Play the seat with a bot instead of the app' -r -f -a "random\t'random possible attempts (easy)'
heuristic\t'chess rules of thumb (medium)'
strong\t'weighs where the opponent\'s pieces may be (hard; also: careful)'
krk_practice\t'the KR vs K practice player (also: krk)'
beginner\t'most moves at random: for a first game'
novice\t'plays sensibly two moves in five'
casual\t'chess rules of thumb, a blunder every few moves'
club\t'weighs where your pieces may be, but is often careless'
advanced\t'weighs where your pieces may be, sometimes careless'
expert\t'weighs where your pieces may be, careless now and then'
strongest\t'the strongest player, at its default thinking time'
cmd:PROGRAM\t'a program speaking the seat protocol (quoted with its arguments)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l have -d 'How many heard lines this seat already holds (a reconnecting engine sends 0)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l max-plies -d 'With --bot: resign instead of acting once this many plies (half-moves) were played, counted by move numbers (White\'s move n is ply 2n-1); caps test games. The seat then prints that it stopped at the cap before the result' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -l max-moves -d 'The older cap: resign instead of playing a move numbered above N (= --max-plies 2N)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand join" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -l bot -d 'The bot' -r -f -a "random\t'random possible attempts (easy)'
krk_practice\t'the KR vs K practice player (also: krk)'
heuristic\t'chess rules of thumb (medium)'
strong\t'weighs where the opponent\'s pieces may be (hard; also: careful)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -l level -d 'Play at a level for people instead of a bare bot (the level picks its bot, thinking time and handicap)' -r -f -a "beginner\t'most moves at random: for a first game'
novice\t'plays sensibly two moves in five'
casual\t'chess rules of thumb, a blunder every few moves'
club\t'weighs where your pieces may be, but is often careless'
advanced\t'weighs where your pieces may be, sometimes careless'
expert\t'weighs where your pieces may be, careless now and then'
strongest\t'the strongest player, at its default thinking time'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -l think-ms -d 'Thinking time per request in milliseconds, for bots that use it' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -l seed -d 'Random seed' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -l no-ponder -d 'Do not work while the opponent thinks (by default the bot does, as a chess engine ponders; a game without a clock plays the same either way)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand engine" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l seconds -d 'Seconds to spend on each measurement (at least 0.1)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l passes -d 'Replay the recorded games exactly this many times in-process instead of for a fixed time' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l seed -d 'Random seed' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l only -d 'Run only one measurement: in-process, protocol, cost (per-request cost at 1k, 10k and 100k events, with and without autosave), host (the seat host\'s per-request cost, fresh and at 1k, 10k and 50k events), or wire (the seat protocol across machines on loopback: requests a second, joining, trickling connections, a flooding seat), or join (a joining seat reading a record of 5k to 40k lines), or problems (every shipped problem solved, at most `--seconds` each, and never less than 60), or ladder (each level against the level below: `--games` a step, under `--rules`), or listing (a saves folder of 5,000 saves and one of ten 57 MB saves: before, the old listing on the calling thread; after, the listing thread\'s first entries and whole list), or review (the review of a 1,000-ply game: the target is 20 s), or ponder (the strong bot\'s first request of each turn, cold and after pondering through the opponent\'s turn)' -r -f -a "in-process\t''
protocol\t''
cost\t''
host\t''
join\t''
wire\t''
problems\t''
ladder\t''
listing\t''
review\t''
ponder\t''"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l games -d 'With --only ladder: games a step (colours exchanged every other game)' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l rules -d 'With --only ladder: the rule set' -r -f -a "berkeley\t'Berkeley'
berkeley_any\t'Berkeley + Any?'
wild16\t'ICC Wild 16'
cincinnati\t'Cincinnati'
rand\t'RAND'
english\t'English ("Are there any?")'
classic\t'Classic club rules'
crazykrieg\t'Crazyhouse Kriegspiel'
rbc\t'Reconnaissance Blind Chess'
modern\t'Modern Kriegspiel'
pickle_pot\t'Pickle-pot (handicap)'
one_eye\t'One-eye (handicap)'
semi\t'Semi-Kriegspiel (handicap)'"
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -l max-plies -d 'With --only ladder: stop a game, unfinished (a draw), after this many plies' -r
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand bench" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand completions" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand manpage" -l out-dir -d 'Write the pages to this folder instead: kriegspiel.1 and one page per subcommand (kriegspiel-replay.1, ...), created if missing' -r -F
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand manpage" -s h -l help -d 'Print help'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "referee" -d 'Run the referee protocol on standard input and output (JSON lines, see PROTOCOL.md)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "replay" -d 'Print a saved game (chess or tsuitate shogi) turn by turn as one perspective experienced it'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "pgn" -d 'Export a saved game as PGN: the referee\'s (real moves) or one player\'s (filtered)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "csa" -d 'Export a saved tsuitate shogi game as CSA or with --kif as KIF (the shogi record formats other shogi programs read): the moves played, each refused attempt as a comment, and the end'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "import" -d 'Import a game written by another program (a kriegspiel.org game review, a save of the kriegspiel Python package, a reconchess game history, or the PGN of a chess game), told from the content: every move is replayed through the referee and checked, then the game is written as a save that study opens'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "review" -d 'Review a finished game after the reveal: for each turn, how many positions each side thought possible, the guaranteed mates (in up to 3) there were and whether they were played, what the computer would have tried, captures and material'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "export" -d 'Export one board of a saved game as a picture (SVG or PNG): White\'s or Black\'s (only what that player knew, with its markers and, if asked, the overlay) or the referee\'s'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "abandon" -d 'Abandon an unfinished game: recorded in its save, which is then over without a result (it can be studied, and is never played on; whoever opens it is told)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "scoresheet" -d 'Print a game\'s official scoresheet (every attempt with its answer) as plain text'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "selfplay" -d 'Play random games through the referee until one finishes, and save it'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "samples" -d 'Make the sample games of saves/ again: one game per rule set between our computer levels, each from its fixed seed, with its caption (or, with --seed, try other seeds)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "match" -d 'Play a match between two bots and print one line per game, then the score of --white'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "endgame" -d 'The strong bot\'s lone-king search from the widest uncertainty (the bot is not told where the king starts): many trials and a summary'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "krk" -d 'King and Rook against King: play many games with a computer White and print a summary'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "krk-table" -d 'Solve the KR-vs-K strategy table (minutes) and write it, or check the shipped one'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "kbb-table" -d 'Solve the two-bishop strategy from Ferguson\'s edge formation (minutes, gigabytes) and write it, or check the shipped one'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "problem" -d 'Solve a Kriegspiel problem file: the verdict, the solution as a strategy tree, the nodes searched and the time. Exit status 0: proven; 1: refuted; 2: a bad file; 3: out of time'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "host" -d 'Host a game for two seats over TCP (the seat protocol, PROTOCOL-SEAT.md): prints the address and join code, autosaves, keeps the clocks. With --seat white|black this machine\'s player takes that seat (in the app, or as --bot); with --seat none it is a referee server'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "join" -d 'Join a hosted game: in the app, or with --bot as a headless seat'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "engine" -d 'Speak the seat protocol on standard input and output with one of our bots (for other programs, and for `match --white \'cmd:kriegspiel engine --bot strong\'`)'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "bench" -d 'Measure referee throughput in-process and through the protocol'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "completions" -d 'Print a shell\'s completion script for this command line (bash, zsh, fish) on standard output'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "manpage" -d 'Print the manual page (roff) on standard output, or with --out-dir write it and one page per subcommand to a folder'
complete -c kriegspiel -n "__fish_kriegspiel_using_subcommand help; and not __fish_seen_subcommand_from referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
