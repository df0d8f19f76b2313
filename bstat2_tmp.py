import rules_engine
from rules_engine.bots import HeuristicBot
g=rules_engine.load_game('bartok')
st=g.new(seed=0, seats=2)
bots=[HeuristicBot(i) for i in range(st.seats)]
while not st.is_over:
    if st.hand_moves in range(300,312):
        print(st.hand_number, st.in_force, [ ''.join(c.text+' ' for c in h) for h in st.hands], len(st.stock), len(st.discard), st.up, st.phase, '|', st.said)
    st=st.apply(bots[st.to_act].choose(st.view(st.to_act)))
