_kriegspiel() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="kriegspiel"
                ;;
            kriegspiel,abandon)
                cmd="kriegspiel__subcmd__abandon"
                ;;
            kriegspiel,bench)
                cmd="kriegspiel__subcmd__bench"
                ;;
            kriegspiel,completions)
                cmd="kriegspiel__subcmd__completions"
                ;;
            kriegspiel,csa)
                cmd="kriegspiel__subcmd__csa"
                ;;
            kriegspiel,endgame)
                cmd="kriegspiel__subcmd__endgame"
                ;;
            kriegspiel,engine)
                cmd="kriegspiel__subcmd__engine"
                ;;
            kriegspiel,export)
                cmd="kriegspiel__subcmd__export"
                ;;
            kriegspiel,help)
                cmd="kriegspiel__subcmd__help"
                ;;
            kriegspiel,host)
                cmd="kriegspiel__subcmd__host"
                ;;
            kriegspiel,import)
                cmd="kriegspiel__subcmd__import"
                ;;
            kriegspiel,join)
                cmd="kriegspiel__subcmd__join"
                ;;
            kriegspiel,kbb-table)
                cmd="kriegspiel__subcmd__kbb__subcmd__table"
                ;;
            kriegspiel,krk)
                cmd="kriegspiel__subcmd__krk"
                ;;
            kriegspiel,krk-table)
                cmd="kriegspiel__subcmd__krk__subcmd__table"
                ;;
            kriegspiel,manpage)
                cmd="kriegspiel__subcmd__manpage"
                ;;
            kriegspiel,match)
                cmd="kriegspiel__subcmd__match"
                ;;
            kriegspiel,pgn)
                cmd="kriegspiel__subcmd__pgn"
                ;;
            kriegspiel,problem)
                cmd="kriegspiel__subcmd__problem"
                ;;
            kriegspiel,referee)
                cmd="kriegspiel__subcmd__referee"
                ;;
            kriegspiel,replay)
                cmd="kriegspiel__subcmd__replay"
                ;;
            kriegspiel,review)
                cmd="kriegspiel__subcmd__review"
                ;;
            kriegspiel,samples)
                cmd="kriegspiel__subcmd__samples"
                ;;
            kriegspiel,scoresheet)
                cmd="kriegspiel__subcmd__scoresheet"
                ;;
            kriegspiel,selfplay)
                cmd="kriegspiel__subcmd__selfplay"
                ;;
            kriegspiel__subcmd__help,abandon)
                cmd="kriegspiel__subcmd__help__subcmd__abandon"
                ;;
            kriegspiel__subcmd__help,bench)
                cmd="kriegspiel__subcmd__help__subcmd__bench"
                ;;
            kriegspiel__subcmd__help,completions)
                cmd="kriegspiel__subcmd__help__subcmd__completions"
                ;;
            kriegspiel__subcmd__help,csa)
                cmd="kriegspiel__subcmd__help__subcmd__csa"
                ;;
            kriegspiel__subcmd__help,endgame)
                cmd="kriegspiel__subcmd__help__subcmd__endgame"
                ;;
            kriegspiel__subcmd__help,engine)
                cmd="kriegspiel__subcmd__help__subcmd__engine"
                ;;
            kriegspiel__subcmd__help,export)
                cmd="kriegspiel__subcmd__help__subcmd__export"
                ;;
            kriegspiel__subcmd__help,help)
                cmd="kriegspiel__subcmd__help__subcmd__help"
                ;;
            kriegspiel__subcmd__help,host)
                cmd="kriegspiel__subcmd__help__subcmd__host"
                ;;
            kriegspiel__subcmd__help,import)
                cmd="kriegspiel__subcmd__help__subcmd__import"
                ;;
            kriegspiel__subcmd__help,join)
                cmd="kriegspiel__subcmd__help__subcmd__join"
                ;;
            kriegspiel__subcmd__help,kbb-table)
                cmd="kriegspiel__subcmd__help__subcmd__kbb__subcmd__table"
                ;;
            kriegspiel__subcmd__help,krk)
                cmd="kriegspiel__subcmd__help__subcmd__krk"
                ;;
            kriegspiel__subcmd__help,krk-table)
                cmd="kriegspiel__subcmd__help__subcmd__krk__subcmd__table"
                ;;
            kriegspiel__subcmd__help,manpage)
                cmd="kriegspiel__subcmd__help__subcmd__manpage"
                ;;
            kriegspiel__subcmd__help,match)
                cmd="kriegspiel__subcmd__help__subcmd__match"
                ;;
            kriegspiel__subcmd__help,pgn)
                cmd="kriegspiel__subcmd__help__subcmd__pgn"
                ;;
            kriegspiel__subcmd__help,problem)
                cmd="kriegspiel__subcmd__help__subcmd__problem"
                ;;
            kriegspiel__subcmd__help,referee)
                cmd="kriegspiel__subcmd__help__subcmd__referee"
                ;;
            kriegspiel__subcmd__help,replay)
                cmd="kriegspiel__subcmd__help__subcmd__replay"
                ;;
            kriegspiel__subcmd__help,review)
                cmd="kriegspiel__subcmd__help__subcmd__review"
                ;;
            kriegspiel__subcmd__help,samples)
                cmd="kriegspiel__subcmd__help__subcmd__samples"
                ;;
            kriegspiel__subcmd__help,scoresheet)
                cmd="kriegspiel__subcmd__help__subcmd__scoresheet"
                ;;
            kriegspiel__subcmd__help,selfplay)
                cmd="kriegspiel__subcmd__help__subcmd__selfplay"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        kriegspiel)
            opts="-h -V --mode --rules --help --version referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --mode)
                    COMPREPLY=($(compgen -W "hotseat referee study practice practice-black tsuitate tsuitate-referee" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__abandon)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__bench)
            opts="-h --seconds --passes --seed --only --games --rules --max-plies --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --passes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --only)
                    COMPREPLY=($(compgen -W "in-process protocol cost host join wire problems ladder listing review ponder" -- "${cur}"))
                    return 0
                    ;;
                --games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__completions)
            opts="-h --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__csa)
            opts="-h --out --kif --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__endgame)
            opts="-h --pieces --at --trials --seed --defender --rules --max-plies --max-moves --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --trials)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --defender)
                    COMPREPLY=($(compgen -W "random centre" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__engine)
            opts="-h --bot --level --think-ms --seed --no-ponder --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --bot)
                    COMPREPLY=($(compgen -W "random krk_practice heuristic strong" -- "${cur}"))
                    return 0
                    ;;
                --level)
                    COMPREPLY=($(compgen -W "beginner novice casual club advanced expert strongest" -- "${cur}"))
                    return 0
                    ;;
                --think-ms)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__export)
            opts="-h --ply --view --overlay --size --out --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --view)
                    COMPREPLY=($(compgen -W "white black referee" -- "${cur}"))
                    return 0
                    ;;
                --overlay)
                    COMPREPLY=($(compgen -W "none units king queen rook bishop knight pawn" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help)
            opts="referee replay pgn csa import review export abandon scoresheet selfplay samples match endgame krk krk-table kbb-table problem host join engine bench completions manpage help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__abandon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__bench)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__csa)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__endgame)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__engine)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__host)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__join)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__kbb__subcmd__table)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__krk)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__krk__subcmd__table)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__manpage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__match)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__pgn)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__problem)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__referee)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__replay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__review)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__samples)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__scoresheet)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__help__subcmd__selfplay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__host)
            opts="-h --port --bind --rules --seat --bot --clock --autosave --resume --tsuitate --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --port)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi FILE" -- "${cur}"))
                    return 0
                    ;;
                --seat)
                    COMPREPLY=($(compgen -W "white black none" -- "${cur}"))
                    return 0
                    ;;
                --bot)
                    COMPREPLY=($(compgen -W "random heuristic strong krk_practice beginner novice casual club advanced expert strongest cmd:PROGRAM" -- "${cur}"))
                    return 0
                    ;;
                --clock)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --autosave)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resume)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__import)
            opts="-h --out --rules --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__join)
            opts="-h --code --token --seat --name --bot --have --max-plies --max-moves --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --code)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --token)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seat)
                    COMPREPLY=($(compgen -W "white black" -- "${cur}"))
                    return 0
                    ;;
                --name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bot)
                    COMPREPLY=($(compgen -W "random heuristic strong krk_practice beginner novice casual club advanced expert strongest cmd:PROGRAM" -- "${cur}"))
                    return 0
                    ;;
                --have)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__kbb__subcmd__table)
            opts="-h --out --check --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__krk)
            opts="-h --player --defender --positions --seed --all --rules --depth --max-plies --max-moves --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --player)
                    COMPREPLY=($(compgen -W "paper ours" -- "${cur}"))
                    return 0
                    ;;
                --defender)
                    COMPREPLY=($(compgen -W "edge random adversary" -- "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__krk__subcmd__table)
            opts="-h --out --check --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__manpage)
            opts="-h --out-dir --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__match)
            opts="-h --white --black --rules --games --seed --max-plies --think-ms --clock --swap --out-dir --ending --blocked --no-ponder --tsuitate --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --white)
                    COMPREPLY=($(compgen -W "random heuristic strong krk_practice beginner novice casual club advanced expert strongest cmd:PROGRAM" -- "${cur}"))
                    return 0
                    ;;
                --black)
                    COMPREPLY=($(compgen -W "random heuristic strong krk_practice beginner novice casual club advanced expert strongest cmd:PROGRAM" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                --games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --think-ms)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --clock)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ending)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --blocked)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__pgn)
            opts="-h --seat --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --seat)
                    COMPREPLY=($(compgen -W "white black referee" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__problem)
            opts="-h --list --max-seconds --progress --key-first --memory-mb --search --save-tree --check --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-mb)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -W "pn depth" -- "${cur}"))
                    return 0
                    ;;
                --save-tree)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__referee)
            opts="-h --autosave --saves-dir --allow-any-path --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --autosave)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --saves-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__replay)
            opts="-h --seat --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --seat)
                    COMPREPLY=($(compgen -W "white black referee" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__review)
            opts="-h --budget-ms --pgn-out --timing --max-plies --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --budget-ms)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pgn-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__samples)
            opts="-h --out-dir --only --seed --tries --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --only)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__scoresheet)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        kriegspiel__subcmd__selfplay)
            opts="-h --rules --seed --max-plies --out --flags --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "berkeley berkeley_any wild16 cincinnati rand english classic crazykrieg rbc modern pickle_pot one_eye semi" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --flags)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _kriegspiel -o nosort -o bashdefault -o default kriegspiel
else
    complete -F _kriegspiel -o bashdefault -o default kriegspiel
fi
