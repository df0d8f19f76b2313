import rules_engine, collections, sys, time
from rules_engine.bots import HeuristicBot, RandomBot, play_out
g=rules_engine.load_game('bartok')
lengths=[]; limit=0; ends=collections.Counter(); hl=[]
t=time.time()
for seed in range(int(sys.argv[1])):
    st=g.new(seed=seed, seats=2+seed%5)
    bots=[HeuristicBot(i) for i in range(st.seats)]
    last=0
    while not st.is_over:
        h=st.hand_number
        st=st.apply(bots[st.to_act].choose(st.view(st.to_act)))
        if st.hand_number!=h or st.is_over:
            n=len(st.record.moves); hl.append(n-last); last=n
    ends[st.ended_by]+=1
    lengths.append(len(st.record.moves))
    for n,p,l in st.hand_results:
        if not any(p): limit+=1
hl.sort()
print(ends, sum(lengths)/len(lengths), max(lengths), 'nowinner hands', limit, 'hand len quantiles', hl[len(hl)//2], hl[len(hl)*9//10], hl[-5:], time.time()-t)
