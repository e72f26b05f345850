import json,sys,os,subprocess,glob
sys.path.insert(0,'/work/ext/arc-dsl')
import dsl
def _mc(el):
    vals=[v for r in el for v in r] if isinstance(el,tuple) else [v for v,_ in el]
    return max(sorted(set(vals)), key=vals.count)
dsl.mostcolor=_mc
grids=[]
for f in sorted(glob.glob('/work/main/../shared/arc-agi/training/*.json'))[:150]:
    t=json.load(open(f))
    for s in t['train']+t['test']:
        grids.append(s['input']); 
        if 'output' in s: grids.append(s['output'])
cases=[]
for g in grids:
    for mode in range(3):
        if mode==0:
            for fl in range(8): cases.append((g,0,fl))
        else: cases.append((g,mode,0))
    for c in (0,1,5): cases.append((g,3,c))
inp=''.join(f"{len(g)} {len(g[0])} {m} {fl} "+' '.join(str(x) for r in g for x in r)+"\n" for g,m,fl in cases)
out=subprocess.run(['./harness'],input=inp,capture_output=True,text=True).stdout.splitlines()
def key(c,i,j): return ((c+128)<<24)|(i<<12)|j
bad=0
for (g,m,fl),line in zip(cases,out):
    G=tuple(tuple(r) for r in g)
    if m==3:
        want=sorted(key(-128,i,j) for (i,j) in dsl.ofcolor(G,fl))
        parts=line.split(); got=[int(x) for x in parts[1:]]
        ok = got==want and int(parts[0])==len(want)
    else:
        if m==0: objs=dsl.objects(G,bool(fl&1),bool(fl&2),bool(fl&4))
        elif m==1: objs=dsl.partition(G)
        else: objs=dsl.fgpartition(G)
        want=sorted(sorted(key(c,i,j) for c,(i,j) in o) for o in objs)
        segs=line.split('|')[1:]
        got=[[int(x) for x in s.split()] for s in segs]
        ok = got==want
    if not ok:
        bad+=1
        if bad<5: print('MISMATCH',m,fl,len(g),len(g[0]),line[:200], want[:3])
print(len(cases),'cases',bad,'bad')
