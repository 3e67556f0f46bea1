"""The rules of tic-tac-toe and Dodgem, and their evaluations, as `queens` plays them
(docs/rules.md), for the example engines engine_minimax.py and engine_alphabeta.py.
Plain Python 3, standard library only. A position is a small class with moves(),
play(move), over() and evaluate() (from the side to move's view, as `queens bestmove`)."""


class TicTacToe:
    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    WIN = 100

    def __init__(self):
        self.cells = [None] * 9   # index = row * 3 + col, row 0 at the top
        self.to_move = "x"

    def copy(self):
        other = TicTacToe()
        other.cells, other.to_move = list(self.cells), self.to_move
        return other

    @staticmethod
    def name(i):
        return "abc"[i % 3] + str(3 - i // 3)

    def moves(self):
        return [self.name(i) for i in range(9) if self.cells[i] is None]

    def play(self, move):
        i = (3 - int(move[1])) * 3 + "abc".index(move[0])
        if self.cells[i] is not None or self.over():
            raise ValueError("illegal move " + move)
        self.cells[i] = self.to_move
        self.to_move = "o" if self.to_move == "x" else "x"

    def has_line(self, mark):
        return any(all(self.cells[c] == mark for c in line) for line in self.LINES)

    def open_lines(self, mark):
        return sum(1 for line in self.LINES if all(self.cells[c] in (None, mark) for c in line))

    def over(self):
        return self.has_line("x") or self.has_line("o") or None not in self.cells

    def evaluate(self):
        me = self.to_move
        other = "o" if me == "x" else "x"
        empties = self.cells.count(None)
        if self.has_line(other):
            return -(self.WIN + empties)
        if empties == 0:
            return 0
        return self.open_lines(me) - self.open_lines(other)


class Dodgem:
    WIN, PLY_LIMIT = 100000, 60
    WHITE = [[30, 35, 40], [15, 20, 25], [0, 5, 10]]
    BLACK = [[-10, -25, -40], [-5, -20, -35], [0, -15, -30]]
    OFF = {"w": 50, "b": -50}
    DIRECT, INDIRECT = 40, 30

    def __init__(self):
        self.cells = ["b", None, None, "b", None, None, None, "w", "w"]
        self.to_move, self.ply = "b", 0

    def copy(self):
        other = Dodgem()
        other.cells, other.to_move, other.ply = list(self.cells), self.to_move, self.ply
        return other

    def moves(self):
        # Black: right, up, down; white: up, left, right (the order queens uses).
        steps = [(0, 1), (-1, 0), (1, 0)] if self.to_move == "b" else [(-1, 0), (0, -1), (0, 1)]
        found = []
        for k, (dr, dc) in enumerate(steps):
            for i in range(9):
                if self.cells[i] != self.to_move:
                    continue
                r, c = i // 3 + dr, i % 3 + dc
                src = TicTacToe.name(i)
                if 0 <= r < 3 and 0 <= c < 3:
                    if self.cells[r * 3 + c] is None:
                        found.append(src + "-" + TicTacToe.name(r * 3 + c))
                elif k == 0:
                    found.append(src + "-off")
        return found

    def play(self, move):
        if self.over() or move not in self.moves():
            raise ValueError("illegal move " + move)
        src, dst = move.split("-")
        self.cells[(3 - int(src[1])) * 3 + "abc".index(src[0])] = None
        if dst != "off":
            self.cells[(3 - int(dst[1])) * 3 + "abc".index(dst[0])] = self.to_move
        self.to_move = "w" if self.to_move == "b" else "b"
        self.ply += 1

    def outcome(self):
        """'won' (by the last mover), 'draw', or None."""
        mover = "w" if self.to_move == "b" else "b"
        if self.cells.count(mover) == 0 or not self.moves():
            return "won"
        return "draw" if self.ply >= self.PLY_LIMIT else None

    def over(self):
        return self.outcome() is not None

    def lecture_value(self):
        """The lecture's value, white positive: the car tables, the cars gone, the blocks."""
        value = 0
        for i, car in enumerate(self.cells):
            r, c = divmod(i, 3)
            for steps, amount in ((1, self.DIRECT), (2, self.INDIRECT)):
                if car == "w" and r - steps >= 0 and self.cells[(r - steps) * 3 + c] == "b":
                    value -= amount
                if car == "b" and c + steps < 3 and self.cells[r * 3 + c + steps] == "w":
                    value += amount
            if car == "w":
                value += self.WHITE[r][c]
            elif car == "b":
                value += self.BLACK[r][c]
        for side in "wb":
            value += (2 - self.cells.count(side)) * self.OFF[side]
        return value

    def evaluate(self):
        outcome = self.outcome()
        if outcome == "won":
            return -(self.WIN - self.ply)
        if outcome == "draw":
            return 0
        return self.lecture_value() if self.to_move == "w" else -self.lecture_value()


def read_position(game_string):
    """The position a game string describes, e.g. 'game=dodgem moves=a3-b3,b1-b2'."""
    fields = dict(word.split("=", 1) for word in game_string.split() if "=" in word)
    games = {"tictactoe": TicTacToe, "dodgem": Dodgem}
    if fields.get("game") not in games:
        raise ValueError("this engine plays tictactoe and dodgem only")
    position = games[fields["game"]]()
    for move in filter(None, fields.get("moves", "").split(",")):
        position.play(move)
    return position
