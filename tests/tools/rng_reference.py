"""Reference of attnseq::Rng (cpp/attnseq/core/rng.h) in Python integers: prints the first outputs for seed 42."""
M=(1<<64)-1
def splitmix(x):
    x=(x+0x9E3779B97F4A7C15)&M; z=x
    z=((z^(z>>30))*0xBF58476D1CE4E5B9)&M
    z=((z^(z>>27))*0x94D049BB133111EB)&M
    return x, z^(z>>31)
x=42; x,s0=splitmix(x); x,s1=splitmix(x)
for _ in range(2):
    a=s0; b=s1; s0=b; a^=(a<<23)&M; s1=a^b^(a>>17)^(b>>26); print(hex((s1+b)&M))
